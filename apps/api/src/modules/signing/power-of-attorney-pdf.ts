import {
  PDFDict,
  PDFDocument,
  type PDFFont,
  PDFHexString,
  PDFName,
  type PDFPage,
  PDFString,
  rgb,
  StandardFonts,
} from 'pdf-lib';

/** Everything the power of attorney states; gathered by the service from the company, the tenant and the clock. */
export type PowerOfAttorneyData = {
  companyName: string;
  addressLines: string[];
  vatNumber: string | null;
  legalRepresentative: string | null;
  countryCode: string;
  countryName: string;
  authorisedParty: string;
  /** The date printed on the document, YYYY-MM-DD (UTC). */
  issueDate: string;
};

export type SignatureStamp = {
  signerName: string;
  signatureKind: 'drawn' | 'typed';
  /** Drawn: the PNG bytes of the drawing. */
  image: Uint8Array | null;
  signedAt: Date;
  ipAddress: string;
  documentSha256: string;
};

/** Custom entries of the PDF's Info dictionary, so software can read the evidence back without parsing text. */
export const SIGNATURE_INFO_KEYS = {
  signerName: 'VatlasSignerName',
  signedAt: 'VatlasSignedAt',
  ipAddress: 'VatlasSignerIp',
  documentSha256: 'VatlasDocumentSha256',
  signatureKind: 'VatlasSignatureKind',
} as const;

const PAGE = { width: 595.28, height: 841.89, margin: 56 };
const COLOURS = { text: rgb(0.1, 0.1, 0.12), muted: rgb(0.38, 0.4, 0.45), rule: rgb(0.8, 0.82, 0.86) };

/**
 * The standard fonts only encode WinAnsi; a name in another script would make pdf-lib throw. Accents are kept when
 * the font has them, else stripped (NFKD), anything still unencodable becomes "?". The exact name is in the Info
 * dictionary as UTF-16.
 */
export function toEncodable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  return [...text]
    .map((character) => {
      if (supported.has(character.codePointAt(0) ?? -1)) return character;
      const stripped = character.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      return [...stripped].every((part) => supported.has(part.codePointAt(0) ?? -1)) && stripped ? stripped : '?';
    })
    .join('');
}

function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) > width && line) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

type Writer = { page: PDFPage; y: number };

function write(
  writer: Writer,
  font: PDFFont,
  text: string,
  size: number,
  options: { muted?: boolean; gap?: number } = {},
) {
  const width = PAGE.width - PAGE.margin * 2;
  for (const line of wrap(font, toEncodable(font, text), size, width)) {
    writer.page.drawText(line, {
      x: PAGE.margin,
      y: writer.y,
      size,
      font,
      color: options.muted ? COLOURS.muted : COLOURS.text,
    });
    writer.y -= size * 1.45;
  }
  writer.y -= options.gap ?? 0;
}

/** Fixed dates: the same data must give the same bytes, so the hash the signer saw is the hash that is signed. */
function setDeterministicMetadata(pdf: PDFDocument, data: PowerOfAttorneyData) {
  const date = new Date(`${data.issueDate}T00:00:00Z`);
  pdf.setTitle(`Power of attorney – VAT – ${data.countryCode}`);
  pdf.setAuthor(data.authorisedParty);
  pdf.setCreator(data.authorisedParty);
  pdf.setProducer('Vatlas');
  pdf.setCreationDate(date);
  pdf.setModificationDate(date);
}

export async function buildPowerOfAttorneyPdf(data: PowerOfAttorneyData): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  setDeterministicMetadata(pdf, data);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([PAGE.width, PAGE.height]);
  const writer: Writer = { page, y: PAGE.height - PAGE.margin - 10 };

  write(writer, bold, 'Power of Attorney', 22, { gap: 2 });
  write(writer, regular, `VAT registration and compliance in ${data.countryName} (${data.countryCode})`, 12, {
    muted: true,
    gap: 18,
  });

  write(writer, bold, 'The company (principal)', 11, { gap: 2 });
  write(writer, regular, data.companyName, 11);
  for (const line of data.addressLines) write(writer, regular, line, 11);
  write(writer, regular, `VAT number: ${data.vatNumber ?? 'not yet assigned'}`, 11);
  write(writer, regular, `Represented by: ${data.legalRepresentative ?? 'its legal representative'}`, 11, { gap: 14 });

  write(writer, bold, 'The authorised party (agent)', 11, { gap: 2 });
  write(writer, regular, data.authorisedParty, 11, { gap: 14 });

  write(writer, bold, 'Scope', 11, { gap: 2 });
  write(
    writer,
    regular,
    `${data.companyName} authorises ${data.authorisedParty} to act on its behalf before the tax authority of ` +
      `${data.countryName} in all matters of value added tax: to apply for the VAT registration, to file VAT ` +
      'returns, recapitulative statements and related declarations, to receive and answer correspondence, and to ' +
      'request corrections. It does not authorise payments from the accounts of the company. This power of ' +
      'attorney is valid from the date of signature until it is revoked in writing.',
    11,
    { gap: 14 },
  );
  write(writer, regular, `Issued on ${data.issueDate}`, 11, { muted: true, gap: 40 });

  page.drawLine({
    start: { x: PAGE.margin, y: 190 },
    end: { x: PAGE.width / 2, y: 190 },
    thickness: 0.8,
    color: COLOURS.rule,
  });
  page.drawText('Signature of the principal', { x: PAGE.margin, y: 176, size: 9, font: regular, color: COLOURS.muted });

  return pdf.save();
}

/**
 * Signs a copy of the unsigned document: the drawing or the typed name above the signature line, and beneath it the
 * signer, the UTC time, the IP address and the sha256 of the unsigned document; the same evidence in the Info
 * dictionary.
 */
export async function stampSignature(unsigned: Uint8Array, stamp: SignatureStamp): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(unsigned);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const script = await pdf.embedFont(StandardFonts.TimesRomanItalic);
  const page = pdf.getPage(0);
  const signedAt = stamp.signedAt.toISOString();

  if (stamp.signatureKind === 'drawn' && stamp.image) {
    const image = await pdf.embedPng(stamp.image);
    const scaled = image.scaleToFit(PAGE.width / 2 - PAGE.margin, 70);
    page.drawImage(image, { x: PAGE.margin, y: 194, width: scaled.width, height: scaled.height });
  } else {
    page.drawText(toEncodable(script, stamp.signerName), { x: PAGE.margin, y: 200, size: 26, font: script });
  }

  const evidence = [
    `Signed by ${stamp.signerName} (${stamp.signatureKind === 'drawn' ? 'drawn signature' : 'typed signature'})`,
    `Signed at ${signedAt} (UTC)`,
    `IP address ${stamp.ipAddress}`,
    `SHA-256 of the unsigned document ${stamp.documentSha256}`,
  ];
  let y = 150;
  for (const line of evidence) {
    page.drawText(toEncodable(regular, line), { x: PAGE.margin, y, size: 8.5, font: regular, color: COLOURS.muted });
    y -= 13;
  }

  // Set above through setSubject and friends, so the trailer has an Info dictionary.
  const info = pdf.context.lookup(pdf.context.trailerInfo.Info, PDFDict);
  // A UTF-16 text string keeps a name in any script exactly.
  info.set(PDFName.of(SIGNATURE_INFO_KEYS.signerName), PDFHexString.fromText(stamp.signerName));
  info.set(PDFName.of(SIGNATURE_INFO_KEYS.signedAt), PDFString.of(signedAt));
  info.set(PDFName.of(SIGNATURE_INFO_KEYS.ipAddress), PDFString.of(stamp.ipAddress));
  info.set(PDFName.of(SIGNATURE_INFO_KEYS.documentSha256), PDFString.of(stamp.documentSha256));
  info.set(PDFName.of(SIGNATURE_INFO_KEYS.signatureKind), PDFString.of(stamp.signatureKind));
  pdf.setSubject(`Signed by ${stamp.signerName} at ${signedAt} from ${stamp.ipAddress}`);
  pdf.setKeywords([`document-sha256:${stamp.documentSha256}`, `signed-at:${signedAt}`, `ip:${stamp.ipAddress}`]);
  pdf.setModificationDate(stamp.signedAt);
  return pdf.save();
}
