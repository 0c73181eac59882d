/**
 * Reads a raw email as a mail client shows it: its header fields, and its leaf parts (type, file name
 * and decoded text), multipart bodies opened part by part. Enough MIME for what nodemailer writes
 * (quoted-printable, base64, 7bit; nested multipart), so the lead tests assert what a dealer's CRM,
 * its sales team and a shopper receive.
 */

/** One leaf part of an email. */
export interface MailPart {
  /** Its media type, lower case, without parameters: `text/plain`, `text/html`, `application/xml`. */
  type: string;
  /** Its attachment's file name, or null. */
  filename: string | null;
  /** Its content, decoded. */
  body: string;
}

/** An email as its receiver reads it. */
export interface ReadMail {
  /** A header field's value, unfolded (null when the email has none). */
  header(name: string): string | null;
  /** Its media type without parameters. */
  type: string;
  /** Its leaf parts in order (the email itself when it is not multipart). */
  parts: MailPart[];
}

function split(raw: string): { head: string; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  if (at < 0) return { head: raw, body: '' };
  return { head: raw.slice(0, at), body: raw.slice(at).replace(/^\r?\n\r?\n/, '') };
}

function headers(head: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) fields.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return fields;
}

const parameter = (value: string, name: string): string | null =>
  new RegExp(`${name}\\*?="?([^";]+)"?`, 'i').exec(value)?.[1] ?? null;

function decode(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/\r\n/g, '\n')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`)
      .replace(/%(?![0-9A-F]{2})/gi, '%25');
    return decodeURIComponent(bytes);
  }
  return body.replace(/\r\n/g, '\n');
}

function leaves(raw: string): MailPart[] {
  const { head, body } = split(raw);
  const fields = headers(head);
  const contentType = fields.get('content-type') ?? 'text/plain';
  const type = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = parameter(contentType, 'boundary');
    if (!boundary) throw new Error('a multipart email without a boundary');
    const sections = body.split(`--${boundary}`).slice(1);
    return sections
      .filter((section) => !section.startsWith('--'))
      .flatMap((section) => leaves(section.replace(/^\r?\n/, '')));
  }
  const disposition = fields.get('content-disposition') ?? '';
  return [
    {
      type,
      filename: parameter(disposition, 'filename') ?? parameter(contentType, 'name'),
      body: decode(body, (fields.get('content-transfer-encoding') ?? '7bit').toLowerCase()),
    },
  ];
}

/** Reads a raw email (as the SMTP server or the outbox folder holds it). */
export function readMail(raw: string): ReadMail {
  const fields = headers(split(raw).head);
  return {
    header: (name) => fields.get(name.toLowerCase()) ?? null,
    type: ((fields.get('content-type') ?? 'text/plain').split(';')[0] ?? '').trim().toLowerCase(),
    parts: leaves(raw),
  };
}
