import type { FastifyRequest } from 'fastify';
import { createPasteFieldsSchema, PASTE_MESSAGES } from '../../../common/schemas/paste.js';
import { badRequest } from '../../errors.js';
import type { ReceivedContent } from './content-intake.js';
import type { CreatePasteRequest } from './pastes.service.js';

/** The create form's text fields: those of the JSON body, validated by the same schema. */
const formFieldsSchema = createPasteFieldsSchema;
const TEXT_FIELDS = new Set([
  'title',
  'privacy',
  'expiration',
  'burnAfterReading',
  'password',
  'language',
  'checkSecrets',
  'forkedFrom',
  'tags',
]);

/** Limits handed to busboy: a few short text fields and the one file. */
export const PASTE_FORM_LIMITS = {
  fields: TEXT_FIELDS.size + 1,
  fieldSize: 4 * 1024,
  files: 2,
  parts: TEXT_FIELDS.size + 3,
  headerPairs: 20,
  // The content's own limit is the site's paste size, checked while it arrives (receiveContent).
  fileSize: Number.POSITIVE_INFINITY,
};

/** A checkbox sends "on"; scripts send true/false or 1/0. Anything else is left for zod to refuse. */
function formBoolean(value: string): boolean | string {
  if (['true', '1', 'on'].includes(value)) return true;
  if (['false', '0', ''].includes(value)) return false;
  return value;
}

/** A list field (tags): words separated by commas or spaces. */
const formList = (value: string): string[] => value.split(/[\s,]+/).filter((w) => w !== '');

/**
 * Reads `POST /api/pastes` as multipart/form-data: text fields title, privacy, expiration,
 * burnAfterReading, password and tags (separated by commas or spaces), and one file part `content` with the paste's UTF-8 bytes, which
 * goes through `receive` as it arrives (parts may come in any order). Unknown or repeated parts
 * are refused with 400 rather than ignored, so a typo is not silently dropped. Whatever was
 * received is discarded if the form is refused.
 */
export async function readPasteForm(
  request: FastifyRequest,
  intake: {
    receive(source: AsyncIterable<Buffer>): Promise<ReceivedContent>;
    discard(content: ReceivedContent): Promise<void>;
  },
): Promise<CreatePasteRequest> {
  const fields: Record<string, unknown> = {};
  let content: ReceivedContent | undefined;
  try {
    for await (const part of request.parts({ limits: PASTE_FORM_LIMITS })) {
      const name = part.fieldname;
      if (name in fields || (name === 'content' && content)) throw badRequest(`Repeated form field: ${name}`);
      if (name === 'content') {
        if (part.type !== 'file') throw badRequest(PASTE_MESSAGES.contentPartMissing);
        content = await intake.receive(part.file);
      } else if (TEXT_FIELDS.has(name) && part.type === 'field' && typeof part.value === 'string') {
        if (part.valueTruncated) throw badRequest(`${name}: value is too long`);
        fields[name] =
          name === 'burnAfterReading' || name === 'checkSecrets'
            ? formBoolean(part.value)
            : name === 'tags'
              ? formList(part.value)
              : part.value;
      } else {
        throw badRequest(`Unknown form field: ${name}`);
      }
    }
    if (!content) throw badRequest(PASTE_MESSAGES.contentPartMissing);
    return { ...formFieldsSchema.parse(fields), content };
  } catch (e) {
    if (content) await intake.discard(content);
    throw e;
  }
}
