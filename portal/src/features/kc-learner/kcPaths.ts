/**
 * Addresses of the knowledge-check screens (spec section 2; KC-PLAN.md "Portal routes") of one organization, by its
 * pretty-URL name. A check belongs to a topic (topic_id) or to a component (topic_id null).
 */
export interface KcPlace {
  module_id: string;
  component_id: string;
  topic_id: string | null;
}

export function kcPaths(organizationSlug: string, place: KcPlace) {
  const base = `/${encodeURIComponent(organizationSlug)}`;
  const component = `modules/${place.module_id}/components/${place.component_id}`;
  const owner = place.topic_id ? `${component}/topics/${place.topic_id}` : component;
  return {
    /** The client check page: `…/knowledgecheck/{knowledgecheckId}`. */
    client: (knowledgeCheckId: string) => `${base}/${owner}/knowledgecheck/${knowledgeCheckId}`,
    /** The review of one response: the client check page followed by `/response/{responseId}`. */
    review: (knowledgeCheckId: string, responseId: string) => `${base}/${owner}/knowledgecheck/${knowledgeCheckId}/response/${responseId}`,
    /** The check's admin page (topic check or component check). */
    admin: `${base}/admin/${owner}/knowledgecheck`,
    /** The admin preview: `…/knowledgecheck/{id}/preview`. */
    preview: (knowledgeCheckId: string) => `${base}/admin/${owner}/knowledgecheck/${knowledgeCheckId}/preview`,
  };
}
