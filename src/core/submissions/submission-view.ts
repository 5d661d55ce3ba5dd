import type { StoredSubmission } from '../store.ts';
import { SUBMISSION_CONTENT_NOTE, UNTRUSTED_SUBMISSION_FIELDS, proposedListingOf, type Submission } from './submission-schema.ts';

export const submissionPath = (id: string) => `/api/apis/submissions/${encodeURIComponent(id)}`;

/** A stored submission in its published shape: every absent value null. The OpenAPI text itself is not echoed. */
export function toSubmission(stored: StoredSubmission): Submission {
  const { record, assessment, possibleDuplicates } = stored.content;
  return {
    id: stored.id,
    status: stored.status,
    name: record.name,
    requestedSlug: record.slug ?? null,
    slug: stored.listingSlug,
    listing: proposedListingOf(record),
    assessment,
    possibleDuplicates,
    submittedBy: record.submittedBy ?? null,
    decision: stored.decision,
    createdAt: stored.createdAt,
    updatedAt: stored.updatedAt,
    userContent: { trusted: false, fields: [...UNTRUSTED_SUBMISSION_FIELDS], note: SUBMISSION_CONTENT_NOTE },
    links: { self: submissionPath(stored.id), listing: stored.listingSlug ? `/api/apis/${stored.listingSlug}` : null },
  };
}
