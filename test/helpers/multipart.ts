/**
 * A multipart/form-data body as raw bytes (for tests that send over a plain socket): text fields
 * first, then the file part (`content`, or `fileField`), in that order unless `contentFirst`.
 */
export function multipartBody(
  fields: Record<string, string>,
  content: Buffer,
  opts: { contentFirst?: boolean; fileField?: string } = {},
): { body: Buffer; contentType: string } {
  const boundary = `----pasteshare-test-${Math.random().toString(16).slice(2)}`;
  const field = ([name, value]: [string, string]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const file = [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${opts.fileField ?? 'content'}"; filename="paste.txt"\r\n` +
        'Content-Type: text/plain\r\n\r\n',
    ),
    content,
    Buffer.from('\r\n'),
  ];
  const texts = Object.entries(fields).map(field);
  const parts = opts.contentFirst ? [...file, ...texts] : [...texts, ...file];
  return {
    body: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
