/** A multipart body as a browser sends it: text fields first, then the `file` part. */
export function multipart(fileName: string, content: Buffer, fields: Record<string, string> = {}): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----ipm-test-boundary';
  const parts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([...parts, head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const MB = 1024 * 1024;

/** A file that file-type recognises as a PDF, of any size. */
export function pdfOfSize(bytes: number, fill = 0x20): Buffer {
  const buffer = Buffer.alloc(bytes, fill);
  Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n').copy(buffer);
  // Distinct bytes along the way, so a chunk put in the wrong place would change the file.
  for (let offset = 4096; offset < bytes; offset += 1_048_576) buffer.writeUInt32BE(offset >>> 0, offset);
  return buffer;
}

export const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
