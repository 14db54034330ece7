import { KC_DEFAULT_NUMBER_QUESTIONS, kcForms } from '@tessera/sdk/rules';
import { Form, Heading, TextField } from '@tessera/widgets/ui';
import { useLoaderData, useNavigate, useParams } from 'react-router';
import { FormActions } from '../../forms/FormActions';
import { useForm } from '../../forms/useForm';
import { usePageTitle } from '../../lib/usePageTitle';
import { Breadcrumbs } from '../../ui/Breadcrumbs';
import { Stack, Text } from '../../ui/Page';
import { announce } from '../../ui/Toasts';
import { clientPaths } from '../client/clientPaths';
import { MarkdownField } from '../items-editor/MarkdownField';
import { useOrganization } from '../organization/organizationContext';
import { createComponentCheck } from './kcCalls';
import type { ComponentCheckData } from './kcLoaders';
import { kcPaths } from './kcPaths';

export { componentCreateLoader } from './kcLoaders';

const NEW_CHECK = { instructions: '', number_questions: String(KC_DEFAULT_NUMBER_QUESTIONS) };

/** …/components/:component/knowledgecheck/create (spec section 2): Instructions and Number of Questions (required, numeric). */
export function CreateComponentCheckPage() {
  usePageTitle('Create Knowledge Check');
  const data = useLoaderData() as ComponentCheckData | null;
  const { organization } = useOrganization();
  const params = useParams();
  const navigate = useNavigate();
  const component = data?.component;
  const moduleId = params.module ?? component?.module_id ?? '';
  const form = useForm({
    initialValues: NEW_CHECK,
    rules: kcForms.knowledgeCheckCreate,
    submit: (values) => createComponentCheck(organization.id, component?.id ?? '', values),
    onSuccess: () => {
      announce('Knowledge check created');
      if (component) navigate(kcPaths(organization.slug, moduleId, component.id).componentCheck, { replace: true });
    },
  });
  if (!component) return null;
  const paths = clientPaths(organization.slug);
  const instructions = form.bind('instructions');
  return (
    <Stack>
      <Breadcrumbs
        crumbs={[{ label: 'Modules', to: paths.admin.modules }, { label: 'Components', to: paths.admin.components(moduleId) }, { label: 'Knowledge Check' }]}
      />
      <Heading level={1}>Create Knowledge Check</Heading>
      <Text tone="muted">Component: {component.name}</Text>
      <Form onSubmit={form.handleSubmit} aria-label="Create Knowledge Check">
        <MarkdownField
          label="Instructions"
          showLabel
          value={instructions.value}
          onChange={instructions.onChange}
          errors={instructions.errors}
          isDisabled={form.isSaving}
        />
        <TextField
          label="Number of Questions"
          description="How many questions are drawn from the question bank for each check."
          isRequired
          {...form.bind('number_questions')}
        />
        <FormActions form={form} success="Knowledge check created" submitLabel="Create Knowledge Check" />
      </Form>
    </Stack>
  );
}
