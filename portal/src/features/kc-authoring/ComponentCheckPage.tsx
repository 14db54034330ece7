import { kcForms, kcMessages } from '@tessera/sdk/rules';
import { Form, Heading, TextField } from '@tessera/widgets/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLoaderData, useParams } from 'react-router';
import type { ApiOutcome } from '../../api/outcome';
import { readNow, unwrap, useWrites } from '../../api/queries';
import { FormActions } from '../../forms/FormActions';
import { useForm } from '../../forms/useForm';
import { useUrlTab } from '../../lists/listParams';
import { usePageTitle } from '../../lib/usePageTitle';
import { AppLink } from '../../ui/AppLink';
import { Breadcrumbs } from '../../ui/Breadcrumbs';
import { ConfirmDialog, DELETE_ANSWERS } from '../../ui/ConfirmDialog';
import { FormFailure } from '../../ui/FormFailure';
import { Row, Stack, Text } from '../../ui/Page';
import { Pagination } from '../../ui/Pagination';
import { RowActions, RowButton } from '../../ui/RowButton';
import { Table, type TableColumn } from '../../ui/Table';
import { Tabs } from '../../ui/Tabs';
import { announce } from '../../ui/Toasts';
import { clientPaths } from '../client/clientPaths';
import { MarkdownField } from '../items-editor/MarkdownField';
import { MEDIA_TYPE_NAMES } from '../media/mediaFile';
import { useOrganization } from '../organization/organizationContext';
import { AssignControl } from './AssignDialog';
import { startEditing, type Editing } from './editingSession';
import {
  archivedQuestions,
  CHECK_QUERIES,
  deleteQuestion,
  getCheck,
  restoreQuestion,
  saveQuestion,
  updateCheck,
  type KcQuestion,
  type KnowledgeCheck,
} from './kcCalls';
import type { ComponentCheckData } from './kcLoaders';
import { kcPaths } from './kcPaths';
import { PrintControl } from './KcParts';
import { ExportControl, ImportControl } from './QuestionTransfer';
import { newQuestion, QUESTION_TYPE_LABELS } from './questionDraft';
import { QuestionEditor } from './QuestionEditor';
import { useLoadedState } from './useLoadedState';
import { plainText } from '../../lib/plainText';
import { deleteHeading, QUESTION_PAGE_SIZE, questionPage } from './questionTable';

export { componentCheckLoader } from './kcLoaders';

/** The page's tabs (spec section 2); 'edit' shows only while a question is edited. */
const TABS = ['all', 'archived', 'add', 'properties', 'edit'] as const;
type Tab = (typeof TABS)[number];
/** Where an edit may start and return to. */
type ListTab = 'all' | 'archived';

interface QuestionTableProps {
  label: string;
  questions: KcQuestion[] | null;
  archived: boolean;
  isPending: boolean;
  onEdit(question: KcQuestion): void;
  onDelete(question: KcQuestion): void;
  onRestore(question: KcQuestion): void;
}

/** The question bank table: paged on the client (50 a page), sorted by text, rows open the editor (spec section 2). */
function QuestionTable({ label, questions, archived, isPending, onEdit, onDelete, onRestore }: QuestionTableProps) {
  const [page, setPage] = useState(1);
  const shown = questionPage(questions ?? [], page);
  const columns: TableColumn<KcQuestion>[] = [
    { id: 'text', title: 'Question', isRowHeader: true, render: (question) => plainText(question.text) || '(no text)' },
    { id: 'type', title: 'Type', render: (question) => QUESTION_TYPE_LABELS[question.type] },
    { id: 'choices', title: 'Choices', render: (question) => question.choices.length },
    { id: 'media', title: 'Media', render: (question) => (question.media ? `${MEDIA_TYPE_NAMES[question.media.type]}: ${question.media.name}` : '—') },
    {
      id: 'actions',
      title: 'Actions',
      render: (question) => {
        const name = plainText(question.text) || 'question';
        return archived ? (
          <RowButton aria-label={`Restore ${name}`} isDisabled={isPending} onPress={() => onRestore(question)}>
            Restore
          </RowButton>
        ) : (
          <RowActions>
            <RowButton aria-label={`Edit ${name}`} isDisabled={isPending} onPress={() => onEdit(question)}>
              Edit
            </RowButton>
            <RowButton aria-label={`Delete ${name}`} tone="danger" isDisabled={isPending} onPress={() => onDelete(question)}>
              Delete
            </RowButton>
          </RowActions>
        );
      },
    },
  ];
  return (
    <Stack>
      <Table
        label={label}
        columns={columns}
        rows={shown.rows}
        rowKey={(question) => question.id}
        emptyText={questions === null ? 'Loading...' : 'No questions found...'}
        isBusy={questions === null || isPending}
        // Active rows open the editor; an archived question is restored before it is edited.
        rowAction={archived ? undefined : (question) => () => onEdit(question)}
      />
      {shown.total > 0 ? (
        <Pagination label={`${label} pages`} page={shown.page} lastPage={shown.lastPage} total={shown.total} perPage={QUESTION_PAGE_SIZE} onPage={setPage} />
      ) : null}
    </Stack>
  );
}

function PropertiesForm({ check, onSaved }: { check: KnowledgeCheck; onSaved(check: KnowledgeCheck): void }) {
  const { organization } = useOrganization();
  const values = { id: check.id, instructions: check.instructions, number_questions: String(check.number_questions) };
  const form = useForm({
    initialValues: values,
    fields: ['instructions', 'number_questions'],
    rules: kcForms.knowledgeCheckUpdate,
    submit: (next) => updateCheck(organization.id, check, { instructions: next.instructions, number_questions: Number(next.number_questions) }),
    valuesAfterSuccess: (saved) => ({ id: saved.id, instructions: saved.instructions, number_questions: String(saved.number_questions) }),
    onSuccess: onSaved,
  });
  const instructions = form.bind('instructions');
  return (
    <Form onSubmit={form.handleSubmit} aria-label="Properties">
      <TextField
        label="Number of Questions"
        description="How many questions are drawn from the question bank for each check."
        isRequired
        {...form.bind('number_questions')}
      />
      <MarkdownField
        label="Instructions"
        showLabel
        value={instructions.value}
        onChange={instructions.onChange}
        errors={instructions.errors}
        isDisabled={form.isSaving}
      />
      <FormActions form={form} success="Knowledge check saved" submitLabel="Save" />
    </Form>
  );
}

/** /:organization/admin/modules/:module/components/:component/knowledgecheck (spec section 2). */
export function ComponentCheckPage() {
  usePageTitle('Knowledge Check');
  const data = useLoaderData() as ComponentCheckData | null;
  const { organization } = useOrganization();
  const params = useParams();
  const tenantId = organization.id;
  const [check, setCheck] = useLoadedState<KnowledgeCheck | null>(data?.check ?? null);
  const [tab, selectTab] = useUrlTab(TABS);
  const [editing, setEditing] = useState<Editing<ListTab> | null>(null);
  // A new question on the Add tab: a fresh editor after each save or cancel.
  const [addRound, setAddRound] = useState(0);
  const [deleting, setDeleting] = useState<KcQuestion | null>(null);
  const [pending, setPending] = useState(false);
  const [messages, setMessages] = useState<string[]>([]);
  const checkId = check?.id ?? null;
  // The Archived tab's questions, read once the tab is opened; a change to the questions invalidates them.
  const archivedKey = ['knowledge-checks', tenantId, checkId, 'archived-questions'];
  const queries = useQueryClient();
  const archived = useQuery({
    queryKey: archivedKey,
    queryFn: async () => unwrap(await archivedQuestions(tenantId, checkId ?? '')),
    enabled: tab === 'archived' && checkId !== null,
  });
  const reloadArchived = () => queries.invalidateQueries({ queryKey: archivedKey });
  const { write } = useWrites(CHECK_QUERIES);

  if (!data || !check) return null;
  const { component } = data;
  const moduleId = params.module ?? component.module_id;
  const paths = kcPaths(organization.slug, moduleId, component.id);
  const client = clientPaths(organization.slug);
  // The Edit Question tab exists only while a question is edited; without one its address shows All.
  const shownTab: Tab = tab === 'edit' && !editing ? 'all' : tab;

  const reload = async () => {
    const outcome = await readNow(['knowledge-checks', tenantId, check.id], () => getCheck(tenantId, check.id));
    if (outcome.ok) setCheck(outcome.data);
  };

  const onSelectTab = (next: string) => {
    // Spec: leaving the edit tab clears the question being edited.
    if (shownTab === 'edit' && next !== 'edit') setEditing(null);
    selectTab(next);
  };

  const edit = (question: KcQuestion, from: ListTab) => {
    const next = startEditing(editing, question, from);
    if (next === editing) return;
    setEditing(next);
    selectTab('edit');
  };

  const finishEdit = () => {
    const from = editing?.from ?? 'all';
    setEditing(null);
    selectTab(from);
  };

  const run = async (call: () => Promise<ApiOutcome<unknown>>, done: string) => {
    setPending(true);
    setMessages([]);
    const outcome = await write(call);
    setPending(false);
    if (outcome.ok) {
      announce(done);
      await Promise.all([reload(), reloadArchived()]);
    } else if (!outcome.routed && outcome.error) setMessages([outcome.error.message]);
  };

  const tableProps = {
    isPending: pending,
    onEdit: (question: KcQuestion) => edit(question, 'all'),
    onDelete: setDeleting,
    onRestore: (question: KcQuestion) => void run(() => restoreQuestion(tenantId, check.id, question.id), 'Question restored'),
  };

  const tabs = [
    { id: 'all', title: 'All', panel: <QuestionTable label="Questions" questions={check.questions ?? []} archived={false} {...tableProps} /> },
    { id: 'archived', title: 'Archived', panel: <QuestionTable label="Archived questions" questions={archived.data ?? null} archived {...tableProps} /> },
    {
      id: 'add',
      title: 'Add',
      panel: (
        <QuestionEditor
          key={addRound}
          tenantId={tenantId}
          initial={newQuestion()}
          title="New question"
          save={(body) => saveQuestion(tenantId, check.id, undefined, body)}
          onSaved={() => {
            // Spec: after adding a question the view returns to All.
            announce('Question added');
            setAddRound((round) => round + 1);
            void reload();
            selectTab('all');
          }}
          onCancel={() => {
            setAddRound((round) => round + 1);
            selectTab('all');
          }}
        />
      ),
    },
    {
      id: 'properties',
      title: 'Properties',
      panel: (
        <PropertiesForm
          check={check}
          onSaved={(saved) => {
            setCheck({ ...saved, questions: saved.questions ?? check.questions });
          }}
        />
      ),
    },
  ];
  if (editing) {
    tabs.push({
      id: 'edit',
      title: 'Edit Question',
      panel: (
        <QuestionEditor
          key={editing.draft.id}
          tenantId={tenantId}
          initial={editing.draft}
          title="Edit question"
          save={(body) => saveQuestion(tenantId, check.id, editing.draft.id, body)}
          onSaved={() => {
            announce('Question saved');
            finishEdit();
            void reload();
            if (editing.from === 'archived') void reloadArchived();
          }}
          onCancel={finishEdit}
        />
      ),
    });
  }

  return (
    <Stack>
      <Breadcrumbs
        crumbs={[{ label: 'Modules', to: client.admin.modules }, { label: 'Components', to: client.admin.components(moduleId) }, { label: 'Knowledge Check' }]}
      />
      <Row justify="between">
        <Heading level={1}>Knowledge Check: {component.name}</Heading>
        <AppLink to={paths.clientComponentCheck(check.id)}>Switch to User View</AppLink>
      </Row>
      <Row>
        <Text tone="muted">
          {check.question_count} active {check.question_count === 1 ? 'question' : 'questions'}; {check.number_questions} drawn for each check.
        </Text>
        <AppLink to={paths.componentPreview(check.id)}>Preview</AppLink>
        <PrintControl printPath={(number) => paths.print(check.id, number)} />
        <AssignControl tenantId={tenantId} checkId={check.id} />
        <ImportControl tenantId={tenantId} checkId={check.id} onImported={() => void reload()} />
        <ExportControl tenantId={tenantId} checkId={check.id} />
      </Row>
      <FormFailure messages={messages} />
      <Tabs label="Knowledge Check" selected={shownTab} onSelect={onSelectTab} tabs={tabs} />
      <ConfirmDialog
        title={deleting ? deleteHeading(deleting) : ''}
        question={kcMessages.deleteQuestion}
        {...DELETE_ANSWERS}
        isOpen={deleting !== null}
        isPending={pending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const question = deleting;
          if (!question) return;
          void run(() => deleteQuestion(tenantId, check.id, question.id), 'Question deleted').then(() => setDeleting(null));
        }}
      />
    </Stack>
  );
}
