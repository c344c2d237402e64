/** The end of a stream of text (a command's output), kept for error messages. */

/** Keeps the last `limit` characters of a stream of text. */
export class Tail {
  private text = '';
  private readonly limit: number;
  constructor(limit = 16_384) {
    this.limit = limit;
  }
  push(chunk: string): void {
    this.text += chunk;
    if (this.text.length > 2 * this.limit) this.text = this.text.slice(-this.limit);
  }
  toString(): string {
    return this.text.length > this.limit ? this.text.slice(-this.limit) : this.text;
  }
  lastLines(count: number): string {
    const lines = this.toString().trimEnd().split('\n');
    return lines.slice(-count).join('\n');
  }
}
