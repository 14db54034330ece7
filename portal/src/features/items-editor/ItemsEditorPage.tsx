import type { Item, Topic } from '@tessera/sdk';
import { hasErrors, type FieldErrors } from '@tessera/sdk/rules';
import { Alert, Button, Heading } from '@tessera/widgets/ui';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useLoaderData, useLocation, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { whileSaving } from '../../api/call';
import { client } from '../../api/client';
import { NO_RESPONSE } from '../../api/outcome';
import { useWrites } from '../../api/queries';
import { UnsavedChangesPrompt } from '../../forms/UnsavedChangesPrompt';
import { loadRecord, param } from '../../guards/records';
import { usePageTitle } from '../../lib/usePageTitle';
import { AppLink } from '../../ui/AppLink';
import { Breadcrumbs } from '../../ui/Breadcrumbs';
import { ConfirmDialog, DELETE_ANSWERS } from '../../ui/ConfirmDialog';
import { FormFailure } from '../../ui/FormFailure';
import { Row, Stack, Text } from '../../ui/Page';
import { MediaLibraryPicker } from '../media/MediaLibraryPicker';
import { useOrganization } from '../organization/organizationContext';
import { applyFocus, focusAfter, neighbourOf, type FocusRequest } from './editorFocus';
import {
  editorReducer,
  editorStateOf,
  isDirty,
  payloadOf,
  restoredEditorState,
  type EditorAction,
  type EditorItem,
  type EditorState,
  type MoveTarget,
} from './editorState';

import { MoveItemDialog } from './ItemDialogs';
import { RowCard, type ItemCardActions } from './ItemCards';
import { deleteSavedItem, getTopic, saveItems } from './itemCalls';
import { checkItems, mapSaveErrors, SAVE_ERROR_BANNER } from './itemErrors';
import { deleteHeading, deleteQuestion } from './itemLabels';
import { clearPreviewDraft, readEditorDraft, storePreviewDraft } from './previewDraft';

/** The Add Row button's focus hook: where focus goes when the last item is deleted. */
const ADD_ROW_FOCUS_ID = 'add-row';

export interface ItemsEditorData {
  topic: Topic;
  items: Item[];
}

/** /:organization/admin/topics/:topic/items: the topic (with its component and module) and its items. */
export async function itemsEditorLoader({ params, request }: LoaderFunctionArgs): Promise<ItemsEditorData | null> {
  const path = { tenantId: param(params, 'organization'), topicId: param(params, 'topic') };
  const [topic, items] = await Promise.all([
    loadRecord(request, ['topics', path.tenantId, path.topicId], () => getTopic(path.tenantId, path.topicId)),
    loadRecord(request, ['topics', path.tenantId, path.topicId, 'items'], () => client.GET('/tenants/{tenantId}/topics/{topicId}/items', { params: { path } })),
  ]);
  return topic && items ? { topic, items } : null;
}

interface Paths {
  modules: string;
  components: string;
  topics: string;
  /** The client items view of this topic. */
  clientItems: string;
}

function pathsOf(organization: string, topic: Topic): Paths {
  const org = `/${encodeURIComponent(organization)}`;
  const { component } = topic;
  return {
    modules: `${org}/admin/modules`,
    components: `${org}/admin/modules/${component.module.id}/components`,
    topics: `${org}/admin/components/${component.id}/topics`,
    clientItems: `${org}/modules/${component.module.id}/components/${component.id}/topics/${topic.id}/items`,
  };
}

/** The editor starts from the state it had when it went to preview, or from the saved list. */
function initialState({ topic, items }: ItemsEditorData): EditorState {
  const draft = readEditorDraft(topic.id);
  return draft ? restoredEditorState(draft) : editorStateOf(items);
}

/** A failed save: the banner when items have errors, and messages that belong to no item. */
type SaveStatus = { state: 'idle' | 'saving' | 'saved' } | { state: 'failed'; banner: boolean; other: string[] };

function useSave(tenantId: string, topicId: string, state: EditorState, dispatch: (action: Parameters<typeof editorReducer>[1]) => void) {
  const [status, setStatus] = useState<SaveStatus>({ state: 'idle' });
  const bannerRef = useRef<HTMLDivElement>(null);

  const fail = useCallback(
    (errors: FieldErrors) => {
      const mapped = mapSaveErrors(state.rows, errors);
      dispatch({ type: 'saveFailed', errors: mapped.byItem });
      setStatus({ state: 'failed', banner: true, other: mapped.other });
      // Spec section 4: after an API error the page scrolls to top with the banner.
      window.scrollTo?.({ top: 0 });
      requestAnimationFrame(() => bannerRef.current?.focus());
    },
    [state.rows, dispatch],
  );

  // The topic's rows changed: the topics (their item counts) are read again.
  const { write } = useWrites([['topics']]);
  const save = useCallback(async () => {
    const problems = checkItems(state.rows);
    if (hasErrors(problems)) return fail(problems);
    setStatus({ state: 'saving' });
    const outcome = await whileSaving(() => write(() => saveItems(tenantId, topicId, payloadOf(state.rows))));
    if (outcome.ok) {
      dispatch({ type: 'loaded', items: outcome.data.data });
      setStatus({ state: 'saved' });
    } else if (outcome.status === 422) {
      fail(outcome.error.errors ?? { items: [outcome.error.message] });
    } else if (outcome.status === NO_RESPONSE) {
      // The edits stay; the page says the save did not reach the server (whileSaving).
      setStatus({ state: 'failed', banner: false, other: [outcome.error.message] });
      window.scrollTo?.({ top: 0 });
      requestAnimationFrame(() => bannerRef.current?.focus());
    } else {
      setStatus({ state: 'idle' });
    }
  }, [state.rows, tenantId, topicId, dispatch, fail, write]);

  return { status, save, bannerRef };
}

function ItemsEditor({ data, paths }: { data: ItemsEditorData; paths: Paths }) {
  const { organization } = useOrganization();
  const { topic } = data;
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(editorReducer, data, initialState);
  const { status, save, bannerRef } = useSave(organization.id, topic.id, state, dispatch);
  const [deleting, setDeleting] = useState<EditorItem | null>(null);
  const [moving, setMoving] = useState<EditorItem | null>(null);
  const [picking, setPicking] = useState<EditorItem | null>(null);
  // Each arrival at the editor is a new location. Preview belongs to the arrival that asked for it: a return that
  // overtook the preview's navigation (before the preview page rendered) reaches this same instance, out of preview.
  const { key: arrival } = useLocation();
  const [previewAsked, setPreviewAsked] = useState<string | null>(null);
  const previewing = previewAsked === arrival;
  const dirty = useMemo(() => isDirty(state), [state]);
  const isBusy = status.state === 'saving' || previewing;

  // Back in the editor, the draft has served.
  useEffect(() => clearPreviewDraft(topic.id), [topic.id, arrival]);
  useEffect(() => {
    // Leaving into preview does not ask about unsaved changes (spec 2.2): the prompt is off by now.
    if (previewing) navigate(`${paths.clientItems}?preview=1&dontFetch=1`);
  }, [previewing, navigate, paths.clientItems]);

  // Where focus goes once the rows have changed (editorFocus): set with the action, applied after the render.
  const pendingFocus = useRef<FocusRequest | null>(null);
  useEffect(() => {
    const request = pendingFocus.current;
    if (!request) return;
    let frame = 0;
    let tries = 0;
    // A new paragraph's editor loads lazily: try for a while (about a second), then give up.
    const attempt = () => {
      if (applyFocus(request, state.rows) || (tries += 1) > 60) {
        pendingFocus.current = null;
        return;
      }
      frame = requestAnimationFrame(attempt);
    };
    attempt();
    return () => cancelAnimationFrame(frame);
  }, [state.rows]);

  const dispatchAndFocus = useCallback((action: EditorAction) => {
    pendingFocus.current = focusAfter(action) ?? pendingFocus.current;
    dispatch(action);
  }, []);

  const actions = useMemo<ItemCardActions>(
    () => ({ dispatch: dispatchAndFocus, isBusy, askMove: setMoving, askDelete: setDeleting, chooseMedia: setPicking }),
    [dispatchAndFocus, isBusy],
  );

  const confirmDelete = () => {
    if (!deleting) return;
    // The item that takes its place, the one before or its row; with none left, Add Row.
    pendingFocus.current = { kind: 'title', id: neighbourOf(state.rows, deleting.id) ?? ADD_ROW_FOCUS_ID };
    dispatch({ type: 'delete', id: deleting.id });
    if (deleting.isSaved) void deleteSavedItem(organization.id, topic.id, deleting.id);
    setDeleting(null);
  };
  const moveTo = (target: MoveTarget) => {
    if (moving) dispatchAndFocus({ type: 'moveTo', id: moving.id, target });
    setMoving(null);
  };
  const preview = () => {
    storePreviewDraft(topic.id, state);
    setPreviewAsked(arrival);
  };

  return (
    <>
      <UnsavedChangesPrompt when={dirty && !previewing} />
      {status.state === 'failed' ? (
        <div ref={bannerRef} tabIndex={-1}>
          {status.banner ? <Alert tone="error">{SAVE_ERROR_BANNER}</Alert> : null}
          <FormFailure messages={status.other} />
        </div>
      ) : null}
      {status.state === 'saved' && !dirty ? <Alert tone="success">Items Saved!</Alert> : null}
      <Row justify="between">
        <AppLink to={paths.clientItems}>Switch to User View</AppLink>
        <Row>
          <Button variant="secondary" isDisabled={isBusy} onPress={preview}>
            Preview
          </Button>
          <Button isPending={status.state === 'saving'} isDisabled={previewing} onPress={() => void save()}>
            Save
          </Button>
        </Row>
      </Row>
      {state.rows.length === 0 ? <Text tone="muted">This topic has no items yet.</Text> : null}
      {state.rows.map((row, index) => (
        <RowCard key={row.id} row={row} index={index} isFirst={index === 0} isLast={index === state.rows.length - 1} actions={actions} />
      ))}
      <div>
        <Button variant="secondary" data-title-for={ADD_ROW_FOCUS_ID} isDisabled={isBusy} onPress={() => dispatchAndFocus({ type: 'addRow' })}>
          Add Row
        </Button>
      </div>
      <ConfirmDialog
        title={deleting ? deleteHeading(deleting) : ''}
        question={deleting ? deleteQuestion(deleting) : undefined}
        {...DELETE_ANSWERS}
        isOpen={deleting !== null}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
      <MoveItemDialog rows={state.rows} item={moving} onMove={moveTo} onCancel={() => setMoving(null)} />
      {picking && picking.type !== 'row' && picking.type !== 'paragraph' ? (
        // The Media Library filtered by the item's type.
        <MediaLibraryPicker
          tenantId={organization.id}
          type={picking.type}
          isOpen
          onSelect={(media) => {
            dispatch({ type: 'setMedia', id: picking.id, media });
            setPicking(null);
          }}
          onCancel={() => setPicking(null)}
        />
      ) : null}
    </>
  );
}

/** /:organization/admin/topics/:topic/items (spec 2.9 and 4): the items editor. */
export function ItemsEditorPage() {
  usePageTitle('Items');
  const data = useLoaderData() as ItemsEditorData | null;
  const { organization } = useOrganization();
  if (!data) return null;
  const paths = pathsOf(organization.slug, data.topic);
  return (
    <Stack>
      <Breadcrumbs
        crumbs={[
          { label: 'Modules', to: paths.modules },
          { label: 'Components', to: paths.components },
          { label: 'Topics', to: paths.topics },
          { label: 'Items' },
        ]}
      />
      <Heading level={1}>{data.topic.name}</Heading>
      <ItemsEditor key={data.topic.id} data={data} paths={paths} />
    </Stack>
  );
}
