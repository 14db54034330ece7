import type { Module } from '@tessera/sdk';
import { Form, Heading } from '@tessera/widgets/ui';
import { useNavigate } from 'react-router';
import { FormActions } from '../../forms/FormActions';
import { canManagePeople } from '../../guards/roles';
import { formatDate } from '../../lib/dates';
import { usePageTitle } from '../../lib/usePageTitle';
import { ServerTable } from '../../lists/ServerTable';
import { useRowActions } from '../../lists/useRowActions';
import { useServerList } from '../../lists/useServerList';
import { AppLink } from '../../ui/AppLink';
import { FormFailure } from '../../ui/FormFailure';
import { Row, Stack } from '../../ui/Page';
import { RowActions, RowButton, RowLink } from '../../ui/RowButton';
import type { TableColumn } from '../../ui/Table';
import { Tabs } from '../../ui/Tabs';
import { clientPaths } from '../client/clientPaths';
import { useOrganization } from '../organization/organizationContext';
import { archiveModule, listModules, restoreModule, type ContentOrder } from './contentCalls';
import { createModule, NEW_MODULE } from './contentWrites';
import { ImageChooser } from './ImageChooser';
import { ModuleRelations } from './ModuleRelations';
import { NameCell, StatusBadge } from './OrderedContentList';
import { useContentForm } from './useContentForm';
import { NameAndDescription } from './NameAndDescription';
import { useUrlTab } from '../../lists/listParams';
import { archivedMessage, restoredMessage } from '../../lists/doneMessages';
import { UnsavedChangesPrompt } from '../../forms/UnsavedChangesPrompt';

/** The page's tabs; the first is the default (lists/listParams.ts keeps the choice in the URL). */
const MODULES_TABS = ['all', 'archived', 'add'] as const;

const count = (value: number | undefined, one: string, many = `${one}s`) => `${value ?? 0} ${(value ?? 0) === 1 ? one : many}`;

/** Spec 2.9: Relations are the counts of media, members and groups. */
function moduleRelations(module: Module): string {
  return [count(module.media_count, 'media', 'media'), count(module.members_count, 'member'), count(module.groups_count, 'group')].join(', ');
}

function useModuleColumns(archived: boolean, actions: ReturnType<typeof useRowActions>): TableColumn<Module>[] {
  const { organization } = useOrganization();
  const paths = clientPaths(organization.slug);
  return [
    { id: 'name', title: 'Name', sortKey: 'name', isRowHeader: true, render: (module) => <NameCell name={module.name} description={module.description} /> },
    { id: 'status', title: 'Status', render: (module) => <StatusBadge isActive={module.is_active} /> },
    { id: 'created', title: 'Created', sortKey: 'created', render: (module) => formatDate(module.created_at) },
    { id: 'updated', title: 'Updated', sortKey: 'updated', render: (module) => formatDate(module.updated_at) },
    { id: 'components', title: 'Components', render: (module) => module.components_count ?? 0 },
    { id: 'relations', title: 'Relations', render: moduleRelations },
    {
      id: 'actions',
      title: 'Actions',
      render: (module) =>
        archived ? (
          <RowButton
            aria-label={`Restore ${module.name}`}
            isDisabled={!module.abilities.restore || actions.isPending}
            onPress={() => void actions.run(module.id, () => restoreModule(organization.id, module), restoredMessage('Module', module.name))}
          >
            Restore
          </RowButton>
        ) : (
          <RowActions>
            {module.abilities.update ? (
              <RowLink to={`${paths.admin.modules}/${module.id}/edit`} aria-label={`Settings of ${module.name}`}>
                Settings
              </RowLink>
            ) : null}
            <RowButton
              aria-label={`Archive ${module.name}`}
              tone="danger"
              isDisabled={!module.abilities.archive || actions.isPending}
              onPress={() => void actions.run(module.id, () => archiveModule(organization.id, module), archivedMessage('Module', module.name))}
            >
              Archive
            </RowButton>
          </RowActions>
        ),
    },
  ];
}

function ModuleList({ archived }: { archived: boolean }) {
  const { organization } = useOrganization();
  const navigate = useNavigate();
  const list = useServerList({
    key: ['modules', organization.id, archived],
    load: listModules(organization.id, archived),
    defaultOrder: 'order' as ContentOrder,
  });
  const actions = useRowActions();
  const columns = useModuleColumns(archived, actions);
  return (
    <Stack>
      <FormFailure messages={actions.messages} />
      <ServerTable
        label={archived ? 'Archived modules' : 'Modules'}
        list={list}
        columns={columns}
        rowKey={(module) => module.id}
        emptyText="No modules found..."
        searchPlaceholder="Search by name"
        rowAction={archived ? undefined : (module) => () => navigate(clientPaths(organization.slug).admin.components(module.id))}
      />
    </Stack>
  );
}

function CreateModuleForm() {
  const { organization, role } = useOrganization();
  const canRelatePeople = canManagePeople(role);
  const { form, chooser, actions } = useContentForm({
    initialValues: NEW_MODULE,
    submit: (values, upload) => createModule(organization.id, values, upload, canRelatePeople),
  });
  return (
    <Form onSubmit={form.handleSubmit} aria-labelledby="create-module-heading">
      {/* Typed data is not lost to a tab switch or the sidebar without the question. */}
      <UnsavedChangesPrompt when={form.isDirty} includeSearch />
      <Heading level={2} id="create-module-heading">
        Create a new module
      </Heading>
      <NameAndDescription bind={form.bind} />
      <ImageChooser tenantId={organization.id} label="Main Image" {...chooser} />
      <ModuleRelations
        tenantId={organization.id}
        values={form.values}
        errors={form.errors}
        setValue={(field, ids) => form.setValue(field, ids)}
        canRelatePeople={canRelatePeople}
      />
      <FormActions form={actions} success="Module Created!" />
    </Form>
  );
}

/** /:organization/admin/modules (spec 2.9): Admin Modules. */
export function ModulesPage() {
  usePageTitle('Modules');
  const { organization } = useOrganization();
  const [tab, setTab] = useUrlTab(MODULES_TABS);
  return (
    <Stack>
      <Row justify="between">
        <Heading level={1}>Modules</Heading>
        <AppLink to={clientPaths(organization.slug).modules}>Switch to User View</AppLink>
      </Row>
      <Tabs
        label="Modules"
        selected={tab}
        onSelect={setTab}
        tabs={[
          { id: 'all', title: 'All', panel: <ModuleList key="all" archived={false} /> },
          { id: 'archived', title: 'Archived', panel: <ModuleList key="archived" archived /> },
          { id: 'add', title: 'Add', panel: <CreateModuleForm /> },
        ]}
      />
    </Stack>
  );
}
