import { describe, expect, it } from "vitest";
import { AppError } from "./errors.ts";
import { safeError, statementOf, withSafeErrors } from "./safe-error.ts";

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("did not throw");
}

describe("safeError", () => {
  it("keeps an engine TypeError's message and our function names, never a path", () => {
    const readId = (value: unknown) => (value as { id: string }).id.length;
    const error = thrown(() => readId(undefined));
    const safe = safeError(error);
    expect(safe.type).toBe("TypeError");
    expect(safe.message).toMatch(/Cannot read properties of undefined/);
    expect(safe.frames?.[0]).toBe("readId");
    expect(JSON.stringify(safe)).not.toMatch(/\/work\/|node_modules| at |\.ts:/);
  });

  it("drops the message of errors that can quote their input (JSON.parse, plain Error)", () => {
    const syntax = safeError(thrown(() => JSON.parse("secret-lead@example.com")));
    expect(syntax.type).toBe("SyntaxError");
    expect(JSON.stringify(syntax)).not.toContain("secret");
    const plain = safeError(new Error("550 <victim@example.com> rejected"));
    expect(JSON.stringify(plain)).not.toContain("victim");
  });

  it("keeps codes and statuses, and AppError messages; follows causes", () => {
    const inner = Object.assign(new Error("ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    const outer = Object.assign(new Error("request failed", { cause: inner }), { statusCode: 502 });
    expect(safeError(outer)).toMatchObject({
      type: "Error",
      status: 502,
      cause: { type: "Error", code: "ECONNREFUSED" },
    });
    expect(JSON.stringify(safeError(outer))).not.toContain("5432");
    expect(safeError(new AppError("not_found"))).toMatchObject({
      type: "AppError",
      message: "Not found.",
    });
    expect(safeError("a string with a secret")).toEqual({ type: "string" });
    const weird = Object.assign(new Error("x"), { code: "<script>alert(1)</script>" });
    expect(safeError(weird).code).toBeUndefined();
  });

  it("names a statement by verb and table only", () => {
    expect(statementOf('insert into "leads" ("id", "email") values ($1, $2)')).toBe("insert leads");
    expect(statementOf('select "id" from "users" where "email" = $1')).toBe("select users");
    expect(statementOf('update "users" set "name" = $1')).toBe("update users");
    expect(statementOf('delete from "sessions" where true')).toBe("delete sessions");
    expect(statementOf("vacuum")).toBeUndefined();
  });

  it("replaces errors nested in log fields, leaving other values alone", () => {
    const error = Object.assign(new Error("Failed query: insert"), { params: ["a@b.co"] });
    const fields = withSafeErrors({ n: 1, nested: { list: [error, "x"] }, err: error });
    expect(JSON.stringify(fields)).not.toContain("a@b.co");
    expect(fields.n).toBe(1);
    expect((fields.nested as { list: unknown[] }).list[1]).toBe("x");
  });

  it("summarises a plain copy of an error (pg-boss emits { ...error, message, stack }) like the error", () => {
    const drizzle = Object.assign(new Error("Failed query: insert\nparams: a private note"), {
      query: 'insert into "file_chunks" ("content") values ($1)',
      params: ["a private note\u0000"],
      cause: Object.assign(new Error("invalid byte sequence"), { code: "22021" }),
    });
    const copy = {
      ...drizzle,
      message: drizzle.message,
      stack: drizzle.stack,
      queue: "file-ingest",
    };
    const fields = withSafeErrors({ err: copy });
    expect(fields.err).toMatchObject({ statement: "insert file_chunks", cause: { code: "22021" } });
    expect(JSON.stringify(fields)).not.toContain("private");
    expect(JSON.stringify(safeError(copy))).not.toContain("private");
  });
});
