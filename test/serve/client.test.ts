/** The hooks' HTTP client reads plain and chunked HTTP/1.1 answers and refuses anything else. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { parseResponse } from "../../src/serve/client.ts";

const b = (s: string) => Buffer.from(s, "utf8");

test("a Content-Length answer, a chunked one (UTF-8 split across chunks) and malformed ones", () => {
  assert.deepEqual(parseResponse(b('HTTP/1.1 200 OK\r\ncontent-length: 11\r\n\r\n{"ok":true}')), {
    status: 200,
    body: '{"ok":true}',
  });
  const text = Buffer.from('{"t":"é"}', "utf8");
  const chunked = Buffer.concat([
    b("HTTP/1.1 403 Forbidden\r\nTransfer-Encoding: chunked\r\n\r\n"),
    b(`${(7).toString(16)}\r\n`),
    text.subarray(0, 7),
    b(`\r\n${(text.length - 7).toString(16)}\r\n`),
    text.subarray(7),
    b("\r\n0\r\n\r\n"),
  ]);
  assert.deepEqual(parseResponse(chunked), { status: 403, body: '{"t":"é"}' });
  assert.equal(parseResponse(b("HTTP/1.1 200 OK\r\ncontent-length: 2")), null, "no end of headers");
  assert.equal(parseResponse(b("SSH-2.0-OpenSSH\r\n\r\n")), null, "not HTTP");
  assert.equal(
    parseResponse(b("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab")),
    null,
    "cut short",
  );
});
