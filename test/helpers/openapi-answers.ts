import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { AnswerCheck, SentAnswer } from '../../src/server/plugins/response-schemas.js';

/**
 * Every answer a test server gives is checked against the OpenAPI document that server serves, by
 * a strict validator (Ajv in strict mode, with OpenAPI 3.0's `nullable`, `discriminator` and
 * formats): its status must be declared, its media type listed, and a JSON body must match the
 * schema. So the document cannot drift from what the server answers, and a client generated from
 * it accepts every answer.
 */

interface MediaType {
  schema?: object;
}
interface ResponseObject {
  content?: Record<string, MediaType>;
}
interface Operation {
  responses: Record<string, ResponseObject>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

const ajv = new Ajv({ strict: true, allErrors: true, discriminator: true });
addFormats(ajv);
// OpenAPI's annotations, which JSON Schema does not know.
ajv.addVocabulary(['example', 'xml', 'externalDocs']);

/** Validators by schema text: the tests' servers all serve the same document, compiled once. */
const compiled = new Map<string, ValidateFunction>();
function validatorFor(schema: object): ValidateFunction {
  const key = JSON.stringify(schema);
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(key, validate);
  }
  return validate;
}

const isJsonType = (mediaType: string) => /^application\/(.+\+)?json$/.test(mediaType);

/** `/api/pastes/:id` as the document writes it: `/api/pastes/{id}`. */
export const documentPath = (route: string) => route.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function responseFor(operation: Operation, status: number): ResponseObject | undefined {
  const { responses } = operation;
  return responses[String(status)] ?? responses[`${Math.floor(status / 100)}XX`] ?? responses.default;
}

function bodyMismatch(schema: object | undefined, body: string): string | null {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return `the body is not JSON: ${body.slice(0, 200)}`;
  }
  if (!schema) return null;
  let validate: ValidateFunction;
  try {
    validate = validatorFor(schema);
  } catch (e) {
    return `its schema is not one a strict validator accepts: ${(e as Error).message}`;
  }
  if (validate(value)) return null;
  return ajv.errorsText(validate.errors, { dataVar: 'body', separator: '; ' });
}

/** Why `answer` is not what the document says, or null. */
export function documentMismatch(doc: OpenApiDocument, answer: SentAnswer): string | null {
  if (answer.route === undefined) return null;
  const operation = doc.paths[documentPath(answer.route)]?.[answer.method.toLowerCase()];
  const name = `${answer.method} ${answer.route}`;
  if (!operation) {
    // Every API route is documented, but the document itself; pages and assets are not the API.
    const mustBe = answer.route.startsWith('/api/') && answer.route !== '/api/openapi.json';
    return mustBe ? `${name} is not in the OpenAPI document` : null;
  }
  const response = responseFor(operation, answer.status);
  if (!response) return `${name} answered ${answer.status}, which the OpenAPI document does not declare`;
  const mediaType = answer.contentType?.split(';')[0]?.trim().toLowerCase();
  const declared = Object.keys(response.content ?? {});
  if (declared.length === 0) {
    return answer.body ? `${name} ${answer.status} has a body where the document declares none` : null;
  }
  if (!mediaType || !declared.includes(mediaType)) {
    return `${name} ${answer.status} came as ${mediaType ?? 'no media type'}; the document declares ${declared.join(', ')}`;
  }
  if (answer.body === null || !isJsonType(mediaType)) return null;
  const problem = bodyMismatch(response.content?.[mediaType]?.schema, answer.body);
  return problem ? `${name} ${answer.status} does not match the OpenAPI document: ${problem}` : null;
}

/**
 * A check for buildApp's `checkAnswer` that becomes active once `use(doc)` gives it the served
 * document, and keeps every mismatch it found (a test that ignores the 500 still fails on them).
 */
export function openApiAnswerCheck() {
  let doc: OpenApiDocument | undefined;
  const mismatches: string[] = [];
  const check: AnswerCheck = (answer) => {
    const mismatch = doc ? documentMismatch(doc, answer) : null;
    if (mismatch) mismatches.push(mismatch);
    return mismatch;
  };
  return {
    check,
    mismatches,
    use(served: OpenApiDocument) {
      doc = served;
    },
  };
}
