// Generated from the files of src/db/migrations by server/scripts/generate-registries.mjs (`npm run generate`): never edit it by hand.
// `npm run check:generated` (CI) fails when it is stale.

import type { Knex } from 'knex';
import * as m20250101000000Accounts from './20250101000000_accounts.js';
import * as m20250102000000People from './20250102000000_people.js';
import * as m20250102000001PeopleSearch from './20250102000001_people_search.js';
import * as m20250103000000Content from './20250103000000_content.js';
import * as m20250104000000ItemProcedureIndex from './20250104000000_item_procedure_index.js';
import * as m20250105000000MediaSearch from './20250105000000_media_search.js';
import * as m20250106000000RefreshRotation from './20250106000000_refresh_rotation.js';
import * as m20250107000000MemberInvitations from './20250107000000_member_invitations.js';
import * as m20250108000000TenantSlugs from './20250108000000_tenant_slugs.js';
import * as m20250115000000IntegrationClients from './20250115000000_integration_clients.js';
import * as m20250116000000Bioreq from './20250116000000_bioreq.js';
import * as m20250116000001BioreqTitleOrder from './20250116000001_bioreq_title_order.js';
import * as m20250117000000KnowledgeChecks from './20250117000000_knowledge_checks.js';
import * as m20250117000001KcItemAnalysis from './20250117000001_kc_item_analysis.js';
import * as m20250118000000MediaCaptions from './20250118000000_media_captions.js';
import * as m20250119000000KcCompletedTotals from './20250119000000_kc_completed_totals.js';
import * as m20250120000000KcPrefixIndexes from './20250120000000_kc_prefix_indexes.js';
import * as m20250121000000SearchVocabularies from './20250121000000_search_vocabularies.js';
import * as m20250122000000KcAnalysisTotals from './20250122000000_kc_analysis_totals.js';
import * as m20250123000000KcResponsesByMember from './20250123000000_kc_responses_by_member.js';
import * as m20250124000000Jobs from './20250124000000_jobs.js';
import * as m20250125000000AssignmentReminders from './20250125000000_assignment_reminders.js';
import * as m20250126000000Webhooks from './20250126000000_webhooks.js';
import * as m20250127000000EmbedSessions from './20250127000000_embed_sessions.js';
import * as m20250128000000Scim from './20250128000000_scim.js';
import * as m20250129000000Sso from './20250129000000_sso.js';
import * as m20250130000000IntegrationClientAuthorization from './20250130000000_integration_client_authorization.js';
import * as m20250131000000OidcPayloadPartialIndexes from './20250131000000_oidc_payload_partial_indexes.js';

/** A migration and its name (its file name without the extension), in the order they run. */
export interface Migration {
  name: string;
  module: { up(knex: Knex): Promise<void>; down(knex: Knex): Promise<void> };
}

export const MIGRATIONS: readonly Migration[] = [
  { name: '20250101000000_accounts', module: m20250101000000Accounts },
  { name: '20250102000000_people', module: m20250102000000People },
  { name: '20250102000001_people_search', module: m20250102000001PeopleSearch },
  { name: '20250103000000_content', module: m20250103000000Content },
  { name: '20250104000000_item_procedure_index', module: m20250104000000ItemProcedureIndex },
  { name: '20250105000000_media_search', module: m20250105000000MediaSearch },
  { name: '20250106000000_refresh_rotation', module: m20250106000000RefreshRotation },
  { name: '20250107000000_member_invitations', module: m20250107000000MemberInvitations },
  { name: '20250108000000_tenant_slugs', module: m20250108000000TenantSlugs },
  { name: '20250115000000_integration_clients', module: m20250115000000IntegrationClients },
  { name: '20250116000000_bioreq', module: m20250116000000Bioreq },
  { name: '20250116000001_bioreq_title_order', module: m20250116000001BioreqTitleOrder },
  { name: '20250117000000_knowledge_checks', module: m20250117000000KnowledgeChecks },
  { name: '20250117000001_kc_item_analysis', module: m20250117000001KcItemAnalysis },
  { name: '20250118000000_media_captions', module: m20250118000000MediaCaptions },
  { name: '20250119000000_kc_completed_totals', module: m20250119000000KcCompletedTotals },
  { name: '20250120000000_kc_prefix_indexes', module: m20250120000000KcPrefixIndexes },
  { name: '20250121000000_search_vocabularies', module: m20250121000000SearchVocabularies },
  { name: '20250122000000_kc_analysis_totals', module: m20250122000000KcAnalysisTotals },
  { name: '20250123000000_kc_responses_by_member', module: m20250123000000KcResponsesByMember },
  { name: '20250124000000_jobs', module: m20250124000000Jobs },
  { name: '20250125000000_assignment_reminders', module: m20250125000000AssignmentReminders },
  { name: '20250126000000_webhooks', module: m20250126000000Webhooks },
  { name: '20250127000000_embed_sessions', module: m20250127000000EmbedSessions },
  { name: '20250128000000_scim', module: m20250128000000Scim },
  { name: '20250129000000_sso', module: m20250129000000Sso },
  { name: '20250130000000_integration_client_authorization', module: m20250130000000IntegrationClientAuthorization },
  { name: '20250131000000_oidc_payload_partial_indexes', module: m20250131000000OidcPayloadPartialIndexes },
];
