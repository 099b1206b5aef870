/** Larger than MongoDB's 48 MB message limit, to leave room for headers; anything bigger is garbage. */
const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;
const HEADER_BYTES = 16;

/**
 * Cuts a TCP byte stream into whole wire messages. Chunks are kept in a list and joined once per
 * message, so a 16 MiB insert arriving in 64 KiB pieces is not copied over and over.
 */
export class MessageFramer {
  private chunks: Buffer[] = [];
  private buffered = 0;

  /** Adds received bytes and returns every message now complete. Throws on a malformed length. */
  push(chunk: Buffer): Buffer[] {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    const messages: Buffer[] = [];
    for (;;) {
      const length = this.nextLength();
      if (length === undefined || this.buffered < length) return messages;
      const joined =
        this.chunks.length === 1 ? (this.chunks[0] as Buffer) : Buffer.concat(this.chunks, this.buffered);
      messages.push(joined.subarray(0, length));
      const rest = joined.subarray(length);
      this.chunks = rest.length > 0 ? [rest] : [];
      this.buffered = rest.length;
    }
  }

  private nextLength(): number | undefined {
    if (this.buffered < 4) return undefined;
    const first = this.chunks[0] as Buffer;
    const head = first.length >= 4 ? first : Buffer.concat(this.chunks, this.buffered);
    const length = head.readInt32LE(0);
    if (length < HEADER_BYTES || length > MAX_MESSAGE_BYTES) {
      throw new Error(`invalid wire message length ${length}`);
    }
    return length;
  }
}
