/**
 * Seeds the bioreq benchmark (issue 13): the people benchmark's organization of 10,000 members with bioreq on, and
 * 100,000 documents uploaded by them over a year: 70 % pending (half of those under review), 30 % decided. Titles
 * are a kind of paper and the uploader's surname, so a search for a surname finds a few hundred documents among
 * the 100,000. Bulk inserts in one transaction; the title's search copy fills through its triggers.
 */
import type { Knex } from '../src/db/knex.js';
import { newId } from '../src/db/ids.js';
import { chunks } from '../src/db/relations.js';

const DOCUMENT_COUNT = 100_000;
const KINDS = ['Passport', 'Vaccination record', 'Driving licence', 'Health certificate', 'Training certificate', 'Insurance card', 'Visa', 'Work permit'];

interface Member {
  id: string;
  name: string;
}

export async function seedBioreqDocuments(knex: Knex, tenantId: string, reviewerUserId: string): Promise<void> {
  const members = (await knex('tenant_users as tu')
    .join('users as u', 'u.id', 'tu.user_id')
    .where('tu.tenant_id', tenantId)
    .whereNot('tu.user_id', reviewerUserId)
    .orderBy('tu.id')
    .select('tu.id', 'u.name')) as Member[];
  const start = Date.UTC(2025, 0, 1);
  await knex.transaction(async (trx) => {
    await trx('tenants').where({ id: tenantId }).update({ enable_bioreq: true });
    const documents: Record<string, unknown>[] = [];
    for (let index = 0; index < DOCUMENT_COUNT; index += 1) {
      const member = members[index % members.length];
      const uploaded = new Date(start + index * 300_000);
      const bucket = index % 10;
      const decided = bucket >= 7;
      const underReview = decided || bucket >= 4;
      const surname = member.name.split(' ').at(-1) ?? '';
      documents.push({
        id: newId(),
        tenant_id: tenantId,
        tenant_user_id: member.id,
        title: `${KINDS[index % KINDS.length]} ${surname} ${index}`,
        description: 'Scanned at the front desk.',
        storage_key: `bench/${index}.pdf`,
        mime_type: 'application/pdf',
        size: 120_000 + (index % 1000),
        status: decided ? (bucket === 9 ? 'nomatch' : 'match') : underReview ? 'underreview' : 'pending',
        processed: decided,
        message: decided ? 'Checked against the register.' : null,
        reviewer_user_id: underReview ? reviewerUserId : null,
        downloaded_at: underReview ? new Date(uploaded.getTime() + 3_600_000) : null,
        decided_by_user_id: decided ? reviewerUserId : null,
        decided_at: decided ? new Date(uploaded.getTime() + 7_200_000) : null,
        file_deleted_at: null,
        created_at: uploaded,
        updated_at: uploaded,
      });
    }
    for (const part of chunks(documents, 40)) await trx('bioreq_documents').insert(part);
  });
}
