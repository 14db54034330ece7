/** Addresses of the knowledge check screens (spec section 2), by the organization's pretty-URL name. */
export function kcPaths(organizationSlug: string, moduleId: string, componentId: string) {
  const base = `/${encodeURIComponent(organizationSlug)}`;
  const component = `${base}/admin/modules/${moduleId}/components/${componentId}`;
  return {
    topicCheck: (topicId: string) => `${component}/topics/${topicId}/knowledgecheck`,
    topicPreview: (topicId: string, checkId: string) => `${component}/topics/${topicId}/knowledgecheck/${checkId}/preview`,
    componentCheck: `${component}/knowledgecheck`,
    componentCreate: `${component}/knowledgecheck/create`,
    componentPreview: (checkId: string) => `${component}/knowledgecheck/${checkId}/preview`,
    print: (checkId: string, number: number) => `${base}/admin/modules/${moduleId}/knowledgecheck/${checkId}/print/${number}`,
    clientComponentCheck: (checkId: string) => `${base}/modules/${moduleId}/components/${componentId}/knowledgecheck/${checkId}`,
    clientTopicCheck: (topicId: string, checkId: string) => `${base}/modules/${moduleId}/components/${componentId}/topics/${topicId}/knowledgecheck/${checkId}`,
  };
}
