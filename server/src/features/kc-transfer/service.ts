/**
 * Question banks in and out (issue 36; ARCHITECTURE.md#question-bank-import-and-export). An import reads the file
 * (formats/), holds every question it found to the question editor's own form (the same rules and messages), stores
 * the images Moodle XML carries as the media library would, and writes every importable question in one transaction
 * after the bank's questions; a dry run does all of that but the writing. An export writes the active bank.
 */
import { kcForms, messages, parseForm, QUESTION_BANK_FILE_MESSAGE, TEXT_MAX_LENGTH } from '@tessera/sdk/rules';
import type { Database } from '../../db/database.js';
import { HttpError, validationFailed } from '../../http/errors.js';
import { appendQuestions, bankOf, type QuestionInput } from '../knowledge-checks/service.js';
import type { CheckRow } from '../knowledge-checks/presenter.js';
import { insertMedia } from '../media/service.js';
import { storeFileBytes, type UploadServices } from '../media/upload.js';
import { NotInFormat, parseBank, serializeBank, type ExportedQuestion, type FoundQuestion, type TransferFormat } from './formats/index.js';

export interface ImportRequest {
  format: TransferFormat | 'auto';
  dryRun: boolean;
  /** The file as received (UTF-8, perhaps with a byte order mark). */
  bytes: Buffer;
}

export interface ImportReport {
  questions: { index: number; title: string; type: FoundQuestion['type']; outcome: 'imported' | 'would_import' | 'skipped'; reason: string | null }[];
  imported: number;
  skipped: number;
}

type StoredImage = Awaited<ReturnType<typeof storeFileBytes>>;

/** A found question on its way in: its input once it passed the question form, its image once stored, its notes. */
interface Candidate {
  found: FoundQuestion;
  input?: QuestionInput;
  image?: StoredImage;
  reasons: string[];
}

export async function importQuestions(services: UploadServices & { db: Database }, check: CheckRow, request: ImportRequest): Promise<ImportReport> {
  const found = readBank(decodeText(request.bytes), request.format);
  const candidates = found.map(candidateOf);
  const images = await storeImages(services, check.tenant_id, candidates);
  const discardImages = () => Promise.all(images.map((image) => image.discard()));
  if (request.dryRun) {
    await discardImages();
    return reportOf(candidates, 'would_import');
  }
  try {
    await services.db.inTenant(check.tenant_id).transaction(async (org) => {
      for (const image of images) await insertMedia(org, { name: mediaNameOf(image.filename), file: image });
      await appendQuestions(org, check, importable(candidates));
    });
  } catch (error) {
    await discardImages();
    throw error;
  }
  return reportOf(candidates, 'imported');
}

/** UTF-8 text (a byte order mark dropped); anything else is not a question bank. */
function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw validationFailed({ file: [QUESTION_BANK_FILE_MESSAGE] });
  }
}

function readBank(text: string, format: ImportRequest['format']): FoundQuestion[] {
  try {
    return parseBank(text, format);
  } catch (error) {
    if (error instanceof NotInFormat) throw validationFailed({ file: [error.message] });
    throw error;
  }
}

/** The question form decides, as it does for a question typed in the editor: its first message is the reason. */
function candidateOf(found: FoundQuestion): Candidate {
  const reasons = found.question?.imagesLeftOut.map((image) => image.reason) ?? [];
  if (!found.question) return { found, reasons: [found.reason ?? messages.defaultFailure] };
  const { text, type, choices } = found.question;
  const parsed = parseForm(kcForms.knowledgeCheckQuestion, {
    text,
    type,
    media_id: null,
    choices: choices.map((choice) => ({ label: choice.label, is_answer: choice.is_answer, media_id: null })),
  });
  if (!parsed.success) return { found, reasons: [Object.values(parsed.errors).flat()[0] ?? messages.defaultFailure] };
  return { found, input: parsed.output, reasons };
}

/** Each importable question's image, stored under the library's rules; a refused one is left out with its reason. */
async function storeImages(services: UploadServices, tenantId: string, candidates: Candidate[]): Promise<StoredImage[]> {
  const stored: StoredImage[] = [];
  for (const candidate of candidates) {
    const image = candidate.input && candidate.found.question?.image;
    if (!candidate.input || !image) continue;
    try {
      candidate.image = await storeFileBytes(services, tenantId, { field: 'file', kind: 'image', filename: image.name, bytes: image.bytes });
    } catch (error) {
      if (!(error instanceof HttpError)) {
        await Promise.all(stored.map((file) => file.discard()));
        throw error;
      }
      candidate.reasons.push(`The image ${image.name} was left out: ${error.message}`);
      continue;
    }
    candidate.input.media_id = candidate.image.mediaId;
    stored.push(candidate.image);
  }
  return stored;
}

/** An imported image's library name: its file name as long as a media name may be (the file's attribute can be anything). */
function mediaNameOf(filename: string): string {
  return filename.trim().slice(0, TEXT_MAX_LENGTH) || 'Imported image';
}

function importable(candidates: Candidate[]): QuestionInput[] {
  return candidates.flatMap((candidate) => (candidate.input ? [candidate.input] : []));
}

function reportOf(candidates: Candidate[], taken: 'imported' | 'would_import'): ImportReport {
  const questions = candidates.map(({ found, input, reasons }) => ({
    index: found.index,
    title: found.title,
    type: found.type,
    outcome: input ? taken : ('skipped' as const),
    reason: reasons.length > 0 ? reasons.join(' ') : null,
  }));
  const imported = taken === 'imported' ? questions.filter((question) => question.outcome === 'imported').length : 0;
  return { questions, imported, skipped: questions.filter((question) => question.outcome === 'skipped').length };
}

export interface ExportFile {
  body: string;
  contentType: string;
  filename: string;
  leftOut: number;
}

/** The active bank, in bank order, as a file of `format`. */
export async function exportQuestions(db: Database, check: CheckRow, format: TransferFormat): Promise<ExportFile> {
  const questions: ExportedQuestion[] = (await bankOf(db, check)).flatMap(({ currentVersion: version }) =>
    version
      ? [
          {
            text: version.text,
            type: version.type as ExportedQuestion['type'],
            choices: [...version.choices].sort((a, b) => a.position - b.position).map((choice) => ({ label: choice.label, is_answer: choice.is_answer })),
          },
        ]
      : [],
  );
  const file = serializeBank(questions, format);
  return { body: file.body, contentType: file.contentType, filename: `${fileNameOf(check.name)}.${file.extension}`, leftOut: file.leftOut };
}

/** The check's name as a file name: letters, digits and dashes (Content-Disposition carries it as is). */
function fileNameOf(name: string): string {
  const plain = name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_]+/g, '-')
    .toLowerCase();
  return plain.slice(0, 80) || 'questions';
}
