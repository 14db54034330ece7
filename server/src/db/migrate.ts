import type { Knex } from 'knex';
import * as accounts from './migrations/20250101000000_accounts.js';
import * as people from './migrations/20250102000000_people.js';
import * as peopleSearch from './migrations/20250102000001_people_search.js';
import * as content from './migrations/20250103000000_content.js';
import * as itemProcedureIndex from './migrations/20250104000000_item_procedure_index.js';
import * as mediaSearch from './migrations/20250105000000_media_search.js';
import * as refreshRotation from './migrations/20250106000000_refresh_rotation.js';
import * as memberInvitations from './migrations/20250107000000_member_invitations.js';
import * as tenantSlugs from './migrations/20250108000000_tenant_slugs.js';
import * as integrationClients from './migrations/20250115000000_integration_clients.js';
import * as bioreq from './migrations/20250116000000_bioreq.js';
import * as bioreqTitleOrder from './migrations/20250116000001_bioreq_title_order.js';
import * as knowledgeChecks from './migrations/20250117000000_knowledge_checks.js';
import * as kcItemAnalysis from './migrations/20250117000001_kc_item_analysis.js';
import * as mediaCaptions from './migrations/20250118000000_media_captions.js';
import * as kcCompletedTotals from './migrations/20250119000000_kc_completed_totals.js';
import * as kcPrefixIndexes from './migrations/20250120000000_kc_prefix_indexes.js';
import * as searchVocabularies from './migrations/20250121000000_search_vocabularies.js';
import * as kcAnalysisTotals from './migrations/20250122000000_kc_analysis_totals.js';
import * as kcResponsesByMember from './migrations/20250123000000_kc_responses_by_member.js';

interface Migration {
  name: string;
  module: { up(knex: Knex): Promise<void>; down(knex: Knex): Promise<void> };
}

/**
 * Every migration, in order. They are imported here rather than read from a folder so that the
 * bundled server (dist/) carries them and tests, tsx and node run the same list. Add new ones at the end.
 */
const migrations: Migration[] = [
  { name: '20250101000000_accounts', module: accounts },
  { name: '20250102000000_people', module: people },
  { name: '20250102000001_people_search', module: peopleSearch },
  { name: '20250103000000_content', module: content },
  { name: '20250104000000_item_procedure_index', module: itemProcedureIndex },
  { name: '20250105000000_media_search', module: mediaSearch },
  { name: '20250106000000_refresh_rotation', module: refreshRotation },
  { name: '20250107000000_member_invitations', module: memberInvitations },
  { name: '20250108000000_tenant_slugs', module: tenantSlugs },
  { name: '20250115000000_integration_clients', module: integrationClients },
  { name: '20250116000000_bioreq', module: bioreq },
  { name: '20250116000001_bioreq_title_order', module: bioreqTitleOrder },
  { name: '20250117000000_knowledge_checks', module: knowledgeChecks },
  { name: '20250117000001_kc_item_analysis', module: kcItemAnalysis },
  { name: '20250118000000_media_captions', module: mediaCaptions },
  { name: '20250119000000_kc_completed_totals', module: kcCompletedTotals },
  { name: '20250120000000_kc_prefix_indexes', module: kcPrefixIndexes },
  { name: '20250121000000_search_vocabularies', module: searchVocabularies },
  { name: '20250122000000_kc_analysis_totals', module: kcAnalysisTotals },
  { name: '20250123000000_kc_responses_by_member', module: kcResponsesByMember },
];

const source: Knex.MigrationSource<Migration> = {
  getMigrations: async () => migrations,
  getMigrationName: (migration) => migration.name,
  getMigration: async (migration) => migration.module,
};

/** Brings the database to the latest schema; answers the names of the migrations it ran. */
export async function migrateToLatest(knex: Knex): Promise<string[]> {
  const [, ran] = (await knex.migrate.latest({ migrationSource: source })) as [number, string[]];
  return ran;
}
