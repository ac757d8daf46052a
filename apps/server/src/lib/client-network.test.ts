import { describe, expect, it } from "vitest";
import { parseEnv } from "../env.ts";
import { forwardedClient } from "../middleware/request-context.ts";
import { clientNetworkKey } from "./client-network.ts";

describe("clientNetworkKey", () => {
  it("keys IPv4 on the full address", () => {
    expect(clientNetworkKey("198.51.100.7")).toBe("198.51.100.7");
    expect(clientNetworkKey("198.51.100.8")).toBe("198.51.100.8");
    expect(clientNetworkKey("198.51.100.7:4431")).toBe("198.51.100.7");
  });

  it("keys IPv4-mapped IPv6 (dotted or hex, any spelling) as its IPv4 address", () => {
    for (const mapped of [
      "::ffff:198.51.100.7",
      "::FFFF:c633:6407",
      "0:0:0:0:0:ffff:c633:6407",
      "[::ffff:198.51.100.7]:443",
    ]) {
      expect(clientNetworkKey(mapped)).toBe("198.51.100.7");
    }
  });

  it("keys IPv6 on its /64, whatever the spelling of the address", () => {
    const spellings = [
      "2001:db8:1:2::1",
      "2001:0DB8:0001:0002:ffff:ffff:ffff:ffff",
      "2001:db8:1:2:a:b:c:d",
      "[2001:db8:1:2::99]:8080",
      "2001:db8:1:2::5%eth0",
      "2001:db8:1:2::10.0.0.1",
    ];
    expect(new Set(spellings.map(clientNetworkKey))).toEqual(new Set(["2001:db8:1:2::/64"]));
    expect(clientNetworkKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(clientNetworkKey("::1")).toBe("0:0:0:0::/64");
  });

  it("leaves what is not an address as it is", () => {
    expect(clientNetworkKey("unknown")).toBe("unknown");
  });
});

describe("forwardedClient (TRUST_PROXY hops)", () => {
  it("takes the entry that many hops from the right, never what the client wrote", () => {
    expect(forwardedClient("forged, 198.51.100.7", 1)).toBe("198.51.100.7");
    expect(forwardedClient("1.1.1.1, 2.2.2.2, 198.51.100.7", 1)).toBe("198.51.100.7");
    expect(forwardedClient("forged, 198.51.100.7, 10.0.0.2", 2)).toBe("198.51.100.7");
    expect(forwardedClient("198.51.100.7", 1)).toBe("198.51.100.7");
    expect(forwardedClient(" [2001:db8::1]:443 ", 1)).toBe("2001:db8::1");
  });

  it("ignores the header without trusted hops, and uses the leftmost when it has fewer entries", () => {
    expect(forwardedClient("198.51.100.7", 0)).toBeNull();
    expect(forwardedClient(undefined, 1)).toBeNull();
    expect(forwardedClient(" , ", 1)).toBeNull();
    expect(forwardedClient("1.2.3.4, not-an-address", 1)).toBeNull();
    expect(forwardedClient("1.2.3.4, 2001:db8:1:2:3:4:5:6:7", 1)).toBeNull();
    expect(forwardedClient("198.51.100.7", 3)).toBe("198.51.100.7");
  });
});

describe("TRUST_PROXY", () => {
  const hops = (value?: string) => parseEnv({ TRUST_PROXY: value }).TRUST_PROXY;

  it("is a number of hops; true means one, unset, false and 0 mean none", () => {
    expect(hops(undefined)).toBe(0);
    expect(hops("")).toBe(0);
    expect(hops("false")).toBe(0);
    expect(hops("0")).toBe(0);
    expect(hops("true")).toBe(1);
    expect(hops("1")).toBe(1);
    expect(hops("2")).toBe(2);
  });

  it("refuses anything else at start-up, naming the key", () => {
    expect(() => hops("yes")).toThrow(/TRUST_PROXY/);
    expect(() => hops("-1")).toThrow(/TRUST_PROXY/);
  });
});
