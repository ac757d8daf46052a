import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export interface S3StandIn {
  /** STORAGE_URL for the app: s3://KEY:SECRET@bucket?endpoint=http://127.0.0.1:port&region=… */
  storageUrl: string;
  close(): Promise<void>;
}

/** An S3-protocol server (s3rver) on 127.0.0.1 with one empty bucket, in a temporary directory. */
export async function startS3StandIn(bucket = "nexus-files"): Promise<S3StandIn> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "nexus-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    storageUrl: `s3://S3RVER:S3RVER@${bucket}?endpoint=${encodeURIComponent(`http://127.0.0.1:${port}`)}&region=us-east-1`,
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
