import { formErrors, hasErrors, kcForms } from '@tessera/sdk/rules';
import { Button, Heading } from '@tessera/widgets/ui';
import { styled } from '@tessera/widgets/stitches';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { apiCall, whileSaving } from '../../api/call';
import { client } from '../../api/client';
import { queryClient, unwrap, useApiMutation } from '../../api/queries';
import { failureErrors, OTHER, placeErrors } from '../../forms/formState';
import { formatDate } from '../../lib/dates';
import { DialogActions, ModalDialog } from '../../ui/Dialog';
import { FormFailure } from '../../ui/FormFailure';
import { Stack, Text } from '../../ui/Page';
import { RowButton } from '../../ui/RowButton';
import { Table, type TableColumn } from '../../ui/Table';
import { ReadState } from '../../ui/ReadState';
import { TagPicker, type TagSearch } from '../../ui/TagPicker';
import { announce } from '../../ui/Toasts';
import { assign, listAssignments, unassign, type KcAssignment } from './kcCalls';

const DateField = styled('div', {
  display: 'flex',
  flexDirection: 'column',
  gap: '$1',
  fontSize: '$2',
  '& label': { fontWeight: '$medium' },
  '& input': { minHeight: '$control', padding: '$2 $3', border: '1px solid $border', borderRadius: '$md', fontFamily: '$body', fontSize: '$3' },
  '& input:focus-visible': { outline: 'none', borderColor: '$focus', boxShadow: '$focus' },
});
const Errors = styled('div', { display: 'flex', flexDirection: 'column', fontSize: '$1', color: '$danger' });
const People = styled('ul', { margin: 0, paddingLeft: '$4' });

const ASSIGN_FIELDS = ['tenant_user_ids', 'group_ids', 'due_date_time'];

const STATUS_WORDS = { assigned: 'Assigned', 'in-progress': 'In progress', completed: 'Completed' } as const;

/** The local date and time typed in the field as an ISO 8601 instant, or null for none. */
export function dueDateTime(local: string): string | null {
  if (!local) return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * The assign dialog's candidates (GET …/assignable): members by name or email and groups by name, which every
 * author may read (the full member and group lists are the people managers').
 */
function assigneeSearch(tenantId: string, checkId: string): { members: TagSearch; groups: TagSearch } {
  // One answer serves both pickers: the query of a term is shared (its key), each picker maps its half.
  const candidates = (term: string) =>
    queryClient.fetchQuery({
      queryKey: ['knowledge-checks', tenantId, checkId, 'assignable', term],
      queryFn: async () => {
        const params = { path: { tenantId, knowledgeCheckId: checkId }, query: { search: term.trim() || undefined } };
        const outcome = await apiCall(client.GET('/tenants/{tenantId}/knowledgechecks/{knowledgeCheckId}/assignable', { params }));
        return outcome.ok ? outcome.data.data : { members: [], groups: [] };
      },
    });
  const key = ['knowledge-checks', tenantId, checkId, 'assignees'];
  return {
    members: {
      key: [...key, 'members'],
      load: async (term) =>
        (await candidates(term)).members.map((member) => ({ id: member.id, label: member.name ? `${member.name} (${member.email})` : member.email })),
    },
    groups: { key: [...key, 'groups'], load: async (term) => (await candidates(term)).groups.map((group) => ({ id: group.id, label: group.name })) },
  };
}

function assignedTo(assignment: KcAssignment): string {
  if (assignment.group) return `Group: ${assignment.group.name}`;
  if (assignment.tenant_user)
    return assignment.tenant_user.name ? `${assignment.tenant_user.name} (${assignment.tenant_user.email})` : assignment.tenant_user.email;
  return '—';
}

/** The check's assignments; an assignment made or removed here invalidates them (and the reports they feed). */
const assignmentsKey = (tenantId: string, checkId: string) => ['knowledge-checks', tenantId, checkId, 'assignments'];

function AssignmentList({ tenantId, checkId, assignments }: { tenantId: string; checkId: string; assignments: KcAssignment[] }) {
  const [messages, setMessages] = useState<string[]>([]);
  const [pending, setPending] = useState<string | null>(null);
  const unassigning = useApiMutation(
    (assignment: KcAssignment) => unassign(tenantId, checkId, assignment.id),
    [assignmentsKey(tenantId, checkId), ['kc-reports']],
  );
  const remove = async (assignment: KcAssignment) => {
    setPending(assignment.id);
    setMessages([]);
    const outcome = await unassigning.run(assignment);
    setPending(null);
    if (outcome.ok) announce('Assignment removed', `${assignedTo(assignment)} no longer has this knowledge check assigned.`);
    else if (!outcome.routed) setMessages([outcome.error.message]);
  };
  const columns: TableColumn<KcAssignment>[] = [
    { id: 'to', title: 'Assigned to', isRowHeader: true, render: assignedTo },
    { id: 'due', title: 'Due', render: (assignment) => (assignment.due_date_time ? formatDate(assignment.due_date_time) : 'No due date') },
    {
      id: 'people',
      title: 'Assigned and completed',
      render: (assignment) => (
        <People>
          {assignment.assignees.map((person) => (
            <li key={person.tenant_user_id}>
              {person.name || person.email}: {STATUS_WORDS[person.status]}
              {person.status === 'completed' && person.completed_date_time ? ` ${formatDate(person.completed_date_time)}` : ''}
              {person.score !== null ? `, score ${person.score.toFixed(2)}` : ''}
            </li>
          ))}
        </People>
      ),
    },
    {
      id: 'actions',
      title: 'Actions',
      render: (assignment) => (
        <RowButton
          tone="danger"
          aria-label={`Remove the assignment of ${assignedTo(assignment)}`}
          isDisabled={pending !== null}
          onPress={() => void remove(assignment)}
        >
          Remove
        </RowButton>
      ),
    },
  ];
  return (
    <Stack>
      <FormFailure messages={messages} />
      <Table label="Assignments" columns={columns} rows={assignments} rowKey={(assignment) => assignment.id} emptyText="Not assigned to anyone yet." />
    </Stack>
  );
}

/**
 * Assigning a check to members and groups, with an optional due date (issue 12), and who is assigned and who has
 * completed it. The assignees are emailed by the server.
 */
export function AssignControl({ tenantId, checkId }: { tenantId: string; checkId: string }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onPress={() => setOpen(true)}>
        Assign
      </Button>
      <ModalDialog title="Assign Knowledge Check" size="large" isOpen={isOpen} isDismissable onOpenChange={setOpen}>
        {isOpen ? <AssignForm tenantId={tenantId} checkId={checkId} /> : null}
        <DialogActions>
          <Button variant="secondary" onPress={() => setOpen(false)}>
            Close
          </Button>
        </DialogActions>
      </ModalDialog>
    </>
  );
}

function AssignForm({ tenantId, checkId }: { tenantId: string; checkId: string }) {
  const dueId = useId();
  const search = assigneeSearch(tenantId, checkId);
  const [members, setMembers] = useState<string[]>([]);
  const [groups, setGroups] = useState<string[]>([]);
  const [due, setDue] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [isSaving, setSaving] = useState(false);
  const assignments = useQuery({ queryKey: assignmentsKey(tenantId, checkId), queryFn: async () => unwrap(await listAssignments(tenantId, checkId)) });
  const assigning = useApiMutation(
    (body: Parameters<typeof assign>[2]) => assign(tenantId, checkId, body),
    [assignmentsKey(tenantId, checkId), ['kc-reports']],
  );

  /** Editing a field clears its messages (core spec); "at least one member or group" belongs to both pickers. */
  const clearErrors = (...fields: string[]) =>
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !fields.includes(field) && field !== OTHER)));
  const chooseMembers = (ids: string[]) => {
    setMembers(ids);
    clearErrors('tenant_user_ids', 'group_ids');
  };
  const chooseGroups = (ids: string[]) => {
    setGroups(ids);
    clearErrors('tenant_user_ids', 'group_ids');
  };

  async function submit() {
    const body = { tenant_user_ids: members, group_ids: groups, due_date_time: dueDateTime(due) };
    const invalid = formErrors(kcForms.knowledgeCheckAssignment, body);
    if (hasErrors(invalid)) {
      setErrors(placeErrors(invalid, ASSIGN_FIELDS));
      return;
    }
    setSaving(true);
    const outcome = await whileSaving(() => assigning.run(body));
    setSaving(false);
    if (!outcome.ok) {
      setErrors(failureErrors(outcome, ASSIGN_FIELDS));
      return;
    }
    announce('Knowledge check assigned', 'The assignees were sent an email.');
    setMembers([]);
    setGroups([]);
    setDue('');
    setErrors({});
  }

  return (
    <Stack>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <TagPicker
            label="Members"
            placeholder="Search members"
            value={members}
            onChange={chooseMembers}
            search={search.members}
            errors={errors.tenant_user_ids}
          />
          <TagPicker label="Groups" placeholder="Search groups" value={groups} onChange={chooseGroups} search={search.groups} errors={errors.group_ids} />
          <DateField>
            <label htmlFor={dueId}>Due date (optional)</label>
            <input
              id={dueId}
              type="datetime-local"
              value={due}
              aria-invalid={errors.due_date_time ? true : undefined}
              aria-describedby={errors.due_date_time ? `${dueId}-errors` : undefined}
              onChange={(event) => {
                setDue(event.currentTarget.value);
                clearErrors('due_date_time');
              }}
            />
            {errors.due_date_time ? (
              <Errors id={`${dueId}-errors`}>
                {errors.due_date_time.map((message) => (
                  <span key={message}>{message}</span>
                ))}
              </Errors>
            ) : null}
          </DateField>
          <FormFailure messages={errors[OTHER] ?? []} />
          <DialogActions>
            <Button type="submit" isPending={isSaving}>
              Assign
            </Button>
          </DialogActions>
        </Stack>
      </form>
      <Heading level={3}>Assigned</Heading>
      <ReadState query={assignments} loading={<Text tone="muted">Loading...</Text>}>
        {(rows) => <AssignmentList tenantId={tenantId} checkId={checkId} assignments={rows} />}
      </ReadState>
    </Stack>
  );
}
