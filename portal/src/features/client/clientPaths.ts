/** Addresses of the client views (spec 2.1) of one organization, by its pretty-URL name. */
export function clientPaths(organizationSlug: string) {
  const base = `/${encodeURIComponent(organizationSlug)}`;
  const components = (moduleId: string) => `${base}/modules/${moduleId}/components`;
  const topics = (moduleId: string, componentId: string) => `${components(moduleId)}/${componentId}/topics`;
  return {
    modules: `${base}/modules`,
    starredTopics: `${base}/starred-topics`,
    myKnowledgeChecks: `${base}/knowledgechecks`,
    contentTree: `${base}/content-tree`,
    components,
    topics,
    items: (moduleId: string, componentId: string, topicId: string) => `${topics(moduleId, componentId)}/${topicId}/items`,
    /** A topic's client knowledge check (spec section 2, client routes). */
    topicKnowledgeCheck: (moduleId: string, componentId: string, topicId: string, knowledgeCheckId: string) =>
      `${topics(moduleId, componentId)}/${topicId}/knowledgecheck/${knowledgeCheckId}`,
    admin: {
      modules: `${base}/admin/modules`,
      components: (moduleId: string) => `${base}/admin/modules/${moduleId}/components`,
      topics: (componentId: string) => `${base}/admin/components/${componentId}/topics`,
      items: (topicId: string) => `${base}/admin/topics/${topicId}/items`,
    },
  };
}
