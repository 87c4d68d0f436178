import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { runFfmpeg } from '../src/lib/ffmpeg';

/**
 * Files carrying the metadata a phone, a recorder or an office program writes: a child's name, a place, an author.
 * Each is a valid file of its type, made here with the tools at hand (sharp, ffmpeg, pdf-lib, jszip).
 */
export const CHILD = 'Mia Secretchild';
export const PLACE = '+51.5074-000.1278';
export const AUTHOR = 'Teacher Hiddenname';
export const COMPANY = 'Hiddenplace Primary';
/** Strings none of which may survive cleaning, in any encoding the formats use (UTF-8 / Latin-1, and UTF-16 in ID3). */
export const SECRETS = [CHILD, PLACE, AUTHOR, COMPANY];

export function containsSecret(bytes: Buffer): string | null {
  for (const s of SECRETS) {
    for (const needle of [Buffer.from(s, 'latin1'), Buffer.from(s, 'utf16le'), Buffer.from(Buffer.from(s, 'utf16le').swap16())])
      if (bytes.includes(needle)) return s;
  }
  return null;
}

const XMP = `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:exif="http://ns.adobe.com/exif/1.0/"><dc:creator>${AUTHOR}</dc:creator>
<dc:title>${CHILD}</dc:title><exif:GPSLatitude>${PLACE}</exif:GPSLatitude></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;

/** An image with EXIF (camera owner, GPS) and XMP naming the child, in the format asked. */
export function imageWithMetadata(format: 'jpeg' | 'png' | 'webp') {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: '#e07a5f' } })
    .withExif({
      IFD0: { Artist: AUTHOR, ImageDescription: CHILD, Copyright: COMPANY },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 1234/100' },
    })
    .withXmp(XMP)
    .toFormat(format)
    .toBuffer();
}

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'skillroom-meta-'));
const TAGS = [
  '-metadata',
  `title=${CHILD}`,
  '-metadata',
  `artist=${AUTHOR}`,
  '-metadata',
  `comment=${PLACE}`,
  '-metadata',
  `location=${PLACE}`,
];

/** A recording made by ffmpeg with tags naming the child and the place; `extra` chooses codecs and container options. */
export async function recordingWithTags(name: string, input: string[], extra: string[]): Promise<Buffer> {
  const dir = tmp();
  const file = path.join(dir, name);
  try {
    await runFfmpeg([...input, ...TAGS, ...extra, file]);
    return fs.readFileSync(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const TONE = ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=0.6'];
const PICTURE = ['-f', 'lavfi', '-i', 'testsrc=size=64x48:rate=10:duration=0.6'];

export const mp3WithTags = () => recordingWithTags('voice.mp3', TONE, ['-c:a', 'libmp3lame', '-id3v2_version', '3', '-write_id3v1', '1']);
export const m4aWithTags = () => recordingWithTags('voice.m4a', TONE, ['-c:a', 'aac', '-f', 'ipod']);
export const mp4WithTags = () =>
  recordingWithTags('clip.mp4', [...PICTURE, ...TONE], ['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-f', 'mp4']);
export const webmWithTags = () =>
  recordingWithTags('clip.webm', [...PICTURE, ...TONE], ['-c:v', 'libvpx', '-c:a', 'libopus', '-shortest', '-f', 'webm']);

/** A one-page PDF with a document information dictionary and an XMP metadata stream, both uncompressed. */
export async function pdfWithMetadata() {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 200]);
  page.drawText('Reading progress', { x: 20, y: 150, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
  doc.setAuthor(AUTHOR);
  doc.setTitle(CHILD);
  doc.setSubject(PLACE);
  doc.setCreator(COMPANY);
  doc.setKeywords([CHILD]);
  const xmp = doc.context.stream(XMP, { Type: 'Metadata', Subtype: 'XML' });
  doc.catalog.set(PDFName.of('Metadata'), doc.context.register(xmp));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

const OFFICE = {
  docx: {
    main: 'word/document.xml',
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
    body: '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Progress</w:t></w:r></w:p></w:body></w:document>',
  },
  xlsx: {
    main: 'xl/workbook.xml',
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
    body: '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets/></workbook>',
  },
  pptx: {
    main: 'ppt/presentation.xml',
    type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml',
    body: '<p:presentation xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"/>',
  },
};

/** An Office package whose core, extended and custom properties name the author, the editor, the school and the child. */
export function officeWithProperties(kind: keyof typeof OFFICE) {
  const o = OFFICE[kind];
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>` +
      `<Override PartName="/${o.main}" ContentType="${o.type}"/>` +
      `<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>` +
      `<Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/>` +
      `<Override PartName="/docProps/custom.xml" ContentType="application/vnd.openxmlformats-officedocument.custom-properties+xml"/></Types>`,
  );
  const rel = 'http://schemas.openxmlformats.org';
  zip.file(
    '_rels/.rels',
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${rel}/package/2006/relationships">` +
      `<Relationship Id="rId1" Type="${rel}/officeDocument/2006/relationships/officeDocument" Target="${o.main}"/>` +
      `<Relationship Id="rId2" Type="${rel}/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>` +
      `<Relationship Id="rId3" Type="${rel}/officeDocument/2006/relationships/extended-properties" Target="docProps/app.xml"/>` +
      `<Relationship Id="rId4" Type="${rel}/officeDocument/2006/relationships/custom-properties" Target="docProps/custom.xml"/></Relationships>`,
  );
  zip.file(o.main, `<?xml version="1.0" encoding="UTF-8"?>${o.body}`);
  zip.file(
    'docProps/core.xml',
    `<?xml version="1.0" encoding="UTF-8"?><cp:coreProperties xmlns:cp="${rel}/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/">` +
      `<dc:title>${CHILD}</dc:title><dc:creator>${AUTHOR}</dc:creator><cp:lastModifiedBy>${AUTHOR}</cp:lastModifiedBy></cp:coreProperties>`,
  );
  zip.file(
    'docProps/app.xml',
    `<?xml version="1.0" encoding="UTF-8"?><Properties xmlns="${rel}/officeDocument/2006/extended-properties"><Company>${COMPANY}</Company><Manager>${AUTHOR}</Manager></Properties>`,
  );
  zip.file(
    'docProps/custom.xml',
    `<?xml version="1.0" encoding="UTF-8"?><Properties xmlns="${rel}/officeDocument/2006/custom-properties"><property name="Place"><vt:lpwstr xmlns:vt="x">${PLACE}</vt:lpwstr></property></Properties>`,
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
