import { kcMessages } from '@tessera/sdk/rules';
import { Button, Heading } from '@tessera/widgets/ui';
import { styled } from '@tessera/widgets/stitches';
import { useState } from 'react';
import { useLoaderData, useParams } from 'react-router';
import { readNow, useWrites } from '../../api/queries';
import { usePageTitle } from '../../lib/usePageTitle';
import { AppLink } from '../../ui/AppLink';
import { Breadcrumbs } from '../../ui/Breadcrumbs';
import { ConfirmDialog, DELETE_ANSWERS } from '../../ui/ConfirmDialog';
import { FormFailure } from '../../ui/FormFailure';
import { Row, Stack, Text } from '../../ui/Page';
import { RowActions, RowButton } from '../../ui/RowButton';
import { announce } from '../../ui/Toasts';
import { clientPaths } from '../client/clientPaths';
import { useOrganization } from '../organization/organizationContext';
import { AssignControl } from './AssignDialog';
import { listedQuestions, reorderedQuestions, startEditing, type Editing } from './editingSession';
import { deleteQuestion, getCheck, orderQuestions, saveQuestion, saveTopicCheck, type KcQuestion, type KnowledgeCheck, CHECK_QUERIES } from './kcCalls';
import { deleteHeading } from './questionTable';
import type { TopicCheckData } from './kcLoaders';
import { kcPaths } from './kcPaths';
import { InstructionsSection, PrintControl, QuestionSummary } from './KcParts';
import { ExportControl, ImportControl } from './QuestionTransfer';
import { QuestionEditor } from './QuestionEditor';
import { useLoadedState } from './useLoadedState';

export { topicCheckLoader } from './kcLoaders';

const Questions = styled('ol', { margin: 0, paddingLeft: '$5', display: 'flex', flexDirection: 'column', gap: '$4' });
const QuestionItem = styled('li', { paddingBottom: '$3', borderBottom: '1px solid $borderSubtle' });

/** The numbered question list of a topic's check: edit, delete, move up and move down; '+ Add Question'. */
function QuestionBank({ check, onCheck }: { check: KnowledgeCheck; onCheck(check: KnowledgeCheck): void }) {
  const { organization } = useOrganization();
  const tenantId = organization.id;
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<KcQuestion | null>(null);
  const [pending, setPending] = useState(false);
  const [messages, setMessages] = useState<string[]>([]);
  const questions = check.questions ?? [];
  const { write } = useWrites(CHECK_QUERIES);

  const reload = async () => {
    const outcome = await readNow(['knowledge-checks', tenantId, check.id], () => getCheck(tenantId, check.id));
    if (outcome.ok) onCheck(outcome.data);
  };

  const move = async (question: KcQuestion, direction: 'up' | 'down') => {
    const order = reorderedQuestions(
      questions.map((row) => row.id),
      question.id,
      direction,
    );
    if (!order) return;
    setPending(true);
    setMessages([]);
    const outcome = await write(() => orderQuestions(tenantId, check.id, order));
    setPending(false);
    if (outcome.ok) {
      onCheck({ ...check, questions: outcome.data });
      announce(`Question moved ${direction}`, `The question is now number ${order.findIndex((row) => row.id === question.id) + 1}.`);
    } else if (!outcome.routed) setMessages([outcome.error.message]);
  };

  const remove = async (question: KcQuestion) => {
    setPending(true);
    setMessages([]);
    const outcome = await write(() => deleteQuestion(tenantId, check.id, question.id));
    setPending(false);
    setDeleting(null);
    if (outcome.ok) {
      announce('Question deleted');
      await reload();
    } else if (!outcome.routed) setMessages([outcome.error.message]);
  };

  const finish = () => {
    setEditing(null);
    void reload();
  };

  const rows = listedQuestions(questions, editing);
  return (
    <Stack>
      <Heading level={2}>Questions</Heading>
      <FormFailure messages={messages} />
      {rows.length === 0 ? <Text tone="muted">No questions yet.</Text> : null}
      <Questions aria-label="Questions">
        {rows.map((row, index) => {
          if (row.kind === 'new' && editing) {
            return (
              <QuestionItem key="new">
                <QuestionEditor
                  tenantId={tenantId}
                  initial={editing.draft}
                  title="New question"
                  save={(body) => saveQuestion(tenantId, check.id, undefined, body)}
                  onSaved={() => {
                    announce('Question added');
                    finish();
                  }}
                  onCancel={() => setEditing(null)}
                />
              </QuestionItem>
            );
          }
          if (row.kind !== 'saved') return null;
          const { question } = row;
          const number = index + 1;
          if (editing && !editing.isNew && editing.draft.id === question.id) {
            return (
              <QuestionItem key={question.id}>
                <QuestionEditor
                  tenantId={tenantId}
                  initial={editing.draft}
                  title={`Edit question ${number}`}
                  save={(body) => saveQuestion(tenantId, check.id, question.id, body)}
                  onSaved={() => {
                    announce('Question saved');
                    finish();
                  }}
                  onCancel={() => setEditing(null)}
                />
              </QuestionItem>
            );
          }
          const busy = pending || editing !== null;
          return (
            <QuestionItem key={question.id} aria-label={`Question ${number}`}>
              <Stack css={{ gap: '$2' }}>
                <QuestionSummary question={question} />
                <RowActions>
                  <RowButton
                    aria-label={`Edit question ${number}`}
                    isDisabled={busy}
                    onPress={() => setEditing((current) => startEditing(current, question, 'all'))}
                  >
                    Edit
                  </RowButton>
                  <RowButton aria-label={`Delete question ${number}`} tone="danger" isDisabled={busy} onPress={() => setDeleting(question)}>
                    Delete
                  </RowButton>
                  <RowButton aria-label={`Move question ${number} up`} isDisabled={busy || index === 0} onPress={() => void move(question, 'up')}>
                    ▲ Up
                  </RowButton>
                  <RowButton
                    aria-label={`Move question ${number} down`}
                    isDisabled={busy || index === questions.length - 1}
                    onPress={() => void move(question, 'down')}
                  >
                    ▼ Down
                  </RowButton>
                </RowActions>
              </Stack>
            </QuestionItem>
          );
        })}
      </Questions>
      <Row>
        <Button variant="secondary" isDisabled={editing !== null || pending} onPress={() => setEditing((current) => startEditing(current, null, 'all'))}>
          + Add Question
        </Button>
      </Row>
      <ConfirmDialog
        title={deleting ? deleteHeading(deleting) : ''}
        question={kcMessages.deleteQuestion}
        {...DELETE_ANSWERS}
        isOpen={deleting !== null}
        isPending={pending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && void remove(deleting)}
      />
    </Stack>
  );
}

/** /:organization/admin/modules/:module/components/:component/topics/:topic/knowledgecheck (spec section 2). */
export function TopicCheckPage() {
  const data = useLoaderData() as TopicCheckData | null;
  const { organization } = useOrganization();
  const params = useParams();
  const [check, setCheck] = useLoadedState<KnowledgeCheck | null>(data?.check ?? null);
  const [creating, setCreating] = useState(false);
  // The check's save is a mutation: its invalidation comes before the route's loaders run again (useLoadedState).
  const { write } = useWrites(CHECK_QUERIES);
  const title = data ? `Knowledge Check: ${data.topic.name}` : 'Knowledge Check';
  usePageTitle(title);
  if (!data) return null;
  const { topic } = data;
  const tenantId = organization.id;
  const moduleId = params.module ?? topic.component.module.id;
  const paths = kcPaths(organization.slug, moduleId, topic.component_id);
  const client = clientPaths(organization.slug);

  const save = async (instructions: string) => {
    const outcome = await write(() => saveTopicCheck(tenantId, topic.id, check?.id ?? null, instructions));
    if (outcome.ok) {
      setCheck({ ...outcome.data, questions: outcome.data.questions ?? check?.questions ?? [] });
      announce(check ? 'Instructions saved' : 'Knowledge check created');
    }
    return outcome;
  };

  const reloadCheck = async (checkId: string) => {
    const outcome = await readNow(['knowledge-checks', tenantId, checkId], () => getCheck(tenantId, checkId));
    if (outcome.ok) setCheck(outcome.data);
  };

  const create = async () => {
    setCreating(true);
    await save('');
    setCreating(false);
  };

  return (
    <Stack>
      <Breadcrumbs
        crumbs={[
          { label: 'Modules', to: client.admin.modules },
          { label: 'Components', to: client.admin.components(moduleId) },
          { label: 'Topics', to: client.admin.topics(topic.component_id) },
          { label: 'Knowledge Check' },
        ]}
      />
      <Row justify="between">
        <Heading level={1}>{title}</Heading>
        {check ? (
          <Row>
            <AppLink to={paths.topicPreview(topic.id, check.id)}>Preview</AppLink>
            <PrintControl printPath={(number) => paths.print(check.id, number)} />
            <AssignControl tenantId={tenantId} checkId={check.id} />
            <ImportControl tenantId={tenantId} checkId={check.id} onImported={() => void reloadCheck(check.id)} />
            <ExportControl tenantId={tenantId} checkId={check.id} />
          </Row>
        ) : (
          <Button isPending={creating} onPress={() => void create()}>
            Create Knowledge Check
          </Button>
        )}
      </Row>
      <InstructionsSection instructions={check?.instructions ?? ''} save={save} />
      {check ? <QuestionBank check={check} onCheck={setCheck} /> : <Text tone="muted">This topic has no knowledge check yet.</Text>}
    </Stack>
  );
}
