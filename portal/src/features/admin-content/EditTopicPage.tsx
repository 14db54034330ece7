import type { Topic } from '@tessera/sdk';
import { forms } from '@tessera/sdk/rules';
import { Checkbox, Form, Heading } from '@tessera/widgets/ui';
import { useState } from 'react';
import { useLoaderData, useNavigate } from 'react-router';
import { FormActions } from '../../forms/FormActions';
import { UnsavedChangesPrompt } from '../../forms/UnsavedChangesPrompt';
import { useForm } from '../../forms/useForm';
import { usePageTitle } from '../../lib/usePageTitle';
import { Breadcrumbs } from '../../ui/Breadcrumbs';
import { Stack } from '../../ui/Page';
import { clientPaths } from '../client/clientPaths';
import { useOrganization } from '../organization/organizationContext';
import { updateTopic, type EditTopicValues } from './contentWrites';
import { NameAndDescription } from './NameAndDescription';

export { topicLoader } from './contentLoaders';

const topicValues = (topic: Topic): EditTopicValues => ({ name: topic.name, description: topic.description, is_active: topic.is_active });

function EditTopicForm({ topic, topicsPath }: { topic: Topic; topicsPath: string }) {
  const { organization } = useOrganization();
  const navigate = useNavigate();
  const [saved, setSaved] = useState(topic);
  const form = useForm({
    initialValues: topicValues(topic),
    rules: forms.topic,
    submit: (values) => updateTopic(organization.id, saved, values),
    valuesAfterSuccess: topicValues,
    onSuccess: setSaved,
  });
  return (
    <Form onSubmit={form.handleSubmit} aria-label="Edit topic">
      <UnsavedChangesPrompt when={form.isDirty} />
      <Checkbox label="Active" name="is_active" isSelected={form.values.is_active} onChange={(isActive) => form.setValue('is_active', isActive)} />
      <NameAndDescription bind={form.bind} />
      <FormActions form={form} success="Topic Updated!" onCancel={() => navigate(topicsPath)} />
    </Form>
  );
}

/** /:organization/admin/topics/:topic/edit (spec 2.9): Edit Topic. */
export function EditTopicPage() {
  usePageTitle('Edit Topic');
  const topic = useLoaderData() as Topic | null;
  const { organization } = useOrganization();
  if (!topic) return null;
  const paths = clientPaths(organization.slug);
  const topicsPath = paths.admin.topics(topic.component_id);
  return (
    <Stack>
      <Breadcrumbs
        crumbs={[
          { label: 'Modules', to: paths.admin.modules },
          { label: 'Components', to: paths.admin.components(topic.component.module.id) },
          { label: 'Topics', to: topicsPath },
          { label: 'Edit' },
        ]}
      />
      <Heading level={1}>Edit Topic</Heading>
      <EditTopicForm key={topic.id} topic={topic} topicsPath={topicsPath} />
    </Stack>
  );
}
