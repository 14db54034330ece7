/** Test doubles for widget tests and stories (no server needed). */
export * from './fakeApi.js';
export * from './fakeContent.js';
export * from './fakeKnowledgeCheck.js';
