import { assessOpenApiDocument } from '../../ingest/openapi/assess-openapi-document.ts';
import type { CliCriteria } from '../listings/listing.ts';
import { parseOpenApiText, type SubmissionAssessment, type SubmissionRecord } from './submission-schema.ts';

/**
 * The automatic part of a submission's review: what its OpenAPI document, if it sent one,
 * evidences about the CLI criteria. The criteria are read by the OpenAPI importer's assessor
 * (issue 7, src/ingest/openapi/), the same one `apidex import` uses, so a submitted document
 * and an imported one are judged alike.
 */

/** What an OpenAPI assessor reports: the criteria the document evidences, each with its evidence. */
export interface AssessorResult {
  criteria: CliCriteria;
  notes?: string[];
}

export type OpenApiAssessor = (document: Record<string, unknown>) => AssessorResult;

/**
 * The importer's assessor (src/ingest/openapi/assess-openapi-document.ts): only the criteria,
 * each with its evidence, and its notes. The listing fields it reads from the document are not
 * used: a submission states its own, and the moderator compares.
 */
export const openApiAssessor: OpenApiAssessor = (document) => {
  const result = assessOpenApiDocument(document);
  return { criteria: result.cliCriteria, notes: result.notes };
};

export function assessSubmission(record: SubmissionRecord, assessor: OpenApiAssessor | null = openApiAssessor): SubmissionAssessment {
  if (record.openApiDocument === undefined) {
    return { openApi: 'no-document', documentVersion: null, criteria: {}, notes: ['No OpenAPI document was sent: only what the submission claims is known, and a moderator checks it.'] };
  }
  const parsed = parseOpenApiText(record.openApiDocument);
  // The schema refused anything else; a record reaches here only with a document that parses.
  if (typeof parsed === 'string') throw new Error(`A submission reached assessment with an OpenAPI document that does not parse: ${parsed}`);
  if (!assessor) {
    return {
      openApi: 'assessor-unavailable',
      documentVersion: parsed.version,
      criteria: {},
      notes: [`The ${parsed.version} document was checked and kept for the moderator, but this server does not assess documents yet.`],
    };
  }
  const result = assessor(parsed.document);
  const assessed = Object.keys(result.criteria);
  return {
    openApi: 'assessed',
    documentVersion: parsed.version,
    criteria: result.criteria,
    notes: [
      assessed.length
        ? `The ${parsed.version} document evidences ${assessed.join(', ')}; the other criteria stay as the submission claims them, or not assessed.`
        : `The ${parsed.version} document evidences none of the criteria.`,
      ...(result.notes ?? []),
    ],
  };
}

/**
 * The criteria a listing made from the submission gets: the document's evidence wins over the
 * submitter's claim for the same criterion; a claim without evidence keeps its status and
 * says where it came from.
 */
export function mergedCriteria(claimed: CliCriteria, assessment: SubmissionAssessment, submissionId: string): CliCriteria {
  const merged: Record<string, unknown> = {};
  for (const [key, claim] of Object.entries(claimed)) {
    if (!claim) continue;
    merged[key] = claim.evidence || claim.status === 'not_assessed' ? claim : { ...claim, evidence: `Claimed by the submitter (submission ${submissionId}); not verified from a document.` };
  }
  for (const [key, result] of Object.entries(assessment.criteria)) if (result) merged[key] = result;
  return merged as CliCriteria;
}
