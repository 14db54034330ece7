import type { Item, MediaSummary } from '@tessera/sdk';
import { describe, expect, it } from 'vitest';
import { editorReducer, editorStateOf, isDirty, payloadOf, type EditorAction, type EditorState } from './editorState';
import { checkItems, itemErrorMessage, mapSaveErrors } from './itemErrors';
import { deleteQuestion } from './itemLabels';
import { moveChoices } from './moveChoices';

const TOPIC = 'topic-1';

function anItem(id: string, type: Item['type'], overrides: Partial<Item> = {}): Item {
  return { id, topic_id: TOPIC, type, order: 0, text: null, is_procedure: false, is_complete: false, row_id: null, media: [], children: [], ...overrides };
}

const IMAGE: MediaSummary = {
  id: '01930000-0000-7000-8000-0000000000aa',
  name: 'Safety poster',
  type: 'image',
  mime_type: 'image/png',
  size: 2048,
  created_at: '2026-02-01T09:00:00Z',
  url: '/api/files/x',
  thumbnail: null,
};

/** Two saved rows: "Intro" with a paragraph, "Steps" (a procedure) with an image. */
function savedTopic(): EditorState {
  return editorStateOf([
    anItem('row-a', 'row', { text: 'Intro', children: [anItem('para-a', 'paragraph', { text: 'Hello', row_id: 'row-a' })] }),
    anItem('row-b', 'row', { text: 'Steps', is_procedure: true, children: [anItem('img-b', 'image', { row_id: 'row-b', media: [IMAGE] })] }),
  ]);
}

const run = (state: EditorState, ...actions: EditorAction[]) => actions.reduce(editorReducer, state);
const ids = (state: EditorState) => state.rows.map((row) => [row.id, ...row.children.map((child) => child.id)]);

describe('items editor state', () => {
  it('adds rows at top level and items inside a row, with temporary ids, and is dirty until saved', () => {
    const start = savedTopic();
    expect(isDirty(start)).toBe(false);
    const state = run(
      start,
      { type: 'addRow' },
      { type: 'addChild', rowId: 'tmp-1', childType: 'video' },
      { type: 'addChild', rowId: 'row-a', childType: 'paragraph' },
    );
    expect(ids(state)).toEqual([
      ['row-a', 'para-a', 'tmp-3'],
      ['row-b', 'img-b'],
      ['tmp-1', 'tmp-2'],
    ]);
    expect(state.rows[2]).toMatchObject({ type: 'row', isSaved: false });
    expect(state.rows[2].children[0]).toMatchObject({ type: 'video', isSaved: false, media: null });
    expect(isDirty(state)).toBe(true);
  });

  it('sends rows first, then children naming their row (a new row by its temporary id), each numbered among its siblings', () => {
    const state = run(
      savedTopic(),
      { type: 'addRow' },
      { type: 'setText', id: 'tmp-1', text: 'Wrap up' },
      { type: 'addChild', rowId: 'tmp-1', childType: 'paragraph' },
    );
    expect(payloadOf(state.rows)).toEqual([
      { id: 'row-a', type: 'row', order: 0, text: 'Intro', is_procedure: false },
      { id: 'row-b', type: 'row', order: 1, text: 'Steps', is_procedure: true },
      { id: 'tmp-1', type: 'row', order: 2, text: 'Wrap up', is_procedure: false },
      { id: 'para-a', type: 'paragraph', row_id: 'row-a', order: 0, text: 'Hello' },
      { id: 'img-b', type: 'image', row_id: 'row-b', order: 0, media_id: IMAGE.id },
      { id: 'tmp-2', type: 'paragraph', row_id: 'tmp-1', order: 0, text: '' },
    ]);
  });

  it('moves rows among rows and items within their row, one place at a time', () => {
    const state = run(savedTopic(), { type: 'addChild', rowId: 'row-a', childType: 'audio' });
    expect(ids(run(state, { type: 'moveDown', id: 'row-a' }))).toEqual([
      ['row-b', 'img-b'],
      ['row-a', 'para-a', 'tmp-1'],
    ]);
    expect(ids(run(state, { type: 'moveUp', id: 'tmp-1' }))).toEqual([
      ['row-a', 'tmp-1', 'para-a'],
      ['row-b', 'img-b'],
    ]);
    // The first cannot go up, the last cannot go down.
    expect(run(state, { type: 'moveUp', id: 'row-a' }).rows).toEqual(state.rows);
    expect(run(state, { type: 'moveDown', id: 'tmp-1' }).rows).toEqual(state.rows);
    expect(
      isDirty(
        run(state, { type: 'moveDown', id: 'row-a' }, { type: 'moveUp', id: 'row-a' }, { type: 'moveUp', id: 'tmp-1' }, { type: 'moveDown', id: 'tmp-1' }),
      ),
    ).toBe(true);
    expect(isDirty(run(savedTopic(), { type: 'moveDown', id: 'row-a' }, { type: 'moveUp', id: 'row-a' }))).toBe(false);
  });

  it('moves to a chosen place: a row before or after a row, an item next to another item or into an empty row', () => {
    const state = run(savedTopic(), { type: 'addRow' });
    expect(ids(run(state, { type: 'moveTo', id: 'tmp-1', target: { place: 'before', id: 'row-a' } }))).toEqual([
      ['tmp-1'],
      ['row-a', 'para-a'],
      ['row-b', 'img-b'],
    ]);
    expect(ids(run(state, { type: 'moveTo', id: 'row-a', target: { place: 'after', id: 'row-b' } }))).toEqual([
      ['row-b', 'img-b'],
      ['row-a', 'para-a'],
      ['tmp-1'],
    ]);
    expect(ids(run(state, { type: 'moveTo', id: 'para-a', target: { place: 'after', id: 'img-b' } }))).toEqual([
      ['row-a'],
      ['row-b', 'img-b', 'para-a'],
      ['tmp-1'],
    ]);
    expect(ids(run(state, { type: 'moveTo', id: 'img-b', target: { place: 'into', rowId: 'tmp-1' } }))).toEqual([
      ['row-a', 'para-a'],
      ['row-b'],
      ['tmp-1', 'img-b'],
    ]);
    // A row moves only relative to rows; "into" is for empty rows only.
    expect(run(state, { type: 'moveTo', id: 'row-a', target: { place: 'before', id: 'img-b' } }).rows).toEqual(state.rows);
    expect(run(state, { type: 'moveTo', id: 'img-b', target: { place: 'into', rowId: 'row-a' } }).rows).toEqual(state.rows);
  });

  it('offers before/after other rows to a row, and to an item the places next to other items or into empty rows, listing the item types under each row', () => {
    const state = run(savedTopic(), { type: 'addRow' });
    const forRow = moveChoices(state.rows, state.rows[0]);
    expect(forRow.map((row) => [row.name, row.choices.map((choice) => choice.label), row.children.map((child) => child.label)])).toEqual([
      ['Row 1: Intro', [], ['Paragraph 1']],
      ['Row 2: Steps', ['Before Row 2: Steps', 'After Row 2: Steps'], ['Image 1']],
      ['Row 3', ['Before Row 3', 'After Row 3'], []],
    ]);
    const forChild = moveChoices(state.rows, state.rows[0].children[0]);
    expect(
      forChild.map((row) => [...row.choices.map((choice) => choice.label), ...row.children.flatMap((child) => child.choices.map((choice) => choice.label))]),
    ).toEqual([[], ['Before Image 1 in Row 2: Steps', 'After Image 1 in Row 2: Steps'], ['Into Row 3']]);
  });

  it('sets text (clearing its errors), the procedure flag on rows only, and media', () => {
    const failed = run(savedTopic(), { type: 'saveFailed', errors: { 'row-a': ['This field is required'], 'img-b': ['An image is required'] } });
    expect(failed.rows[0].errors).toEqual(['This field is required']);
    const state = run(
      failed,
      { type: 'setText', id: 'row-a', text: 'Welcome' },
      { type: 'setProcedure', id: 'row-a', isProcedure: true },
      { type: 'setProcedure', id: 'para-a', isProcedure: true },
      { type: 'setMedia', id: 'img-b', media: { ...IMAGE, id: 'other', name: 'Other' } },
    );
    expect(state.rows[0]).toMatchObject({ text: 'Welcome', isProcedure: true, errors: [] });
    expect(state.rows[0].children[0].isProcedure).toBe(false);
    expect(state.rows[1].children[0]).toMatchObject({ media: { name: 'Other' }, errors: [] });
  });

  it('deletes items; a saved one leaves the saved list too (the server deleted it), an unsaved one only the page', () => {
    const added = run(savedTopic(), { type: 'addChild', rowId: 'row-a', childType: 'pdf' });
    expect(isDirty(run(added, { type: 'delete', id: 'tmp-1' }))).toBe(false);
    const withoutRow = run(savedTopic(), { type: 'delete', id: 'row-a' });
    expect(ids(withoutRow)).toEqual([['row-b', 'img-b']]);
    expect(isDirty(withoutRow)).toBe(false);
    expect(deleteQuestion(savedTopic().rows[0])).toBe('You are about to delete a row with 1 item(s). Are you sure?');
    expect(deleteQuestion(savedTopic().rows[1].children[0])).toBe('Are you sure you want to delete the image?');
    expect(deleteQuestion(run(savedTopic(), { type: 'addRow' }).rows[2])).toBe('Are you sure you want to delete the row?');
  });

  it('after a save takes the server list: temporary ids are replaced by the server ids, nothing is unsaved', () => {
    const edited = run(savedTopic(), { type: 'addRow' }, { type: 'setText', id: 'tmp-1', text: 'New' }, { type: 'addRow' });
    const answer = [...savedTopic().rows.map((row) => anItem(row.id, 'row', { text: row.text })), anItem('server-1', 'row', { text: 'New' })];
    const saved = run(edited, { type: 'loaded', items: answer });
    expect(saved.rows.map((row) => row.id)).toEqual(['row-a', 'row-b', 'server-1']);
    expect(saved.rows.every((row) => row.isSaved)).toBe(true);
    expect(isDirty(saved)).toBe(false);
    // Later temporary ids never repeat one handed out before.
    expect(run(saved, { type: 'addRow' }).rows[3].id).toBe('tmp-3');
  });
});

describe('item save errors', () => {
  it('maps position-keyed errors onto the item sent at that position, with the spec wording', () => {
    const state = run(
      savedTopic(),
      { type: 'addRow' },
      { type: 'addChild', rowId: 'tmp-1', childType: 'image' },
      { type: 'addChild', rowId: 'tmp-1', childType: 'audio' },
    );
    // Positions: 0 row-a, 1 row-b, 2 tmp-1, 3 para-a, 4 img-b, 5 tmp-2 (image), 6 tmp-3 (audio).
    const mapped = mapSaveErrors(state.rows, {
      'items.2.text': ['The text field is required.'],
      'items.3.text': ['The text may not be greater than 65535 characters.'],
      'items.4.media_id': ['The media id field is required.'],
      'items.5.media_id': ['The media id field is required.'],
      'items.6.media_id': ['The media id field is required.'],
      items: ['The items must be an array.'],
    });
    expect(mapped.byItem).toEqual({
      'tmp-1': ['This field is required'],
      'para-a': ['The text may not be greater than 65535 characters.'],
      'img-b': ['An image is required'],
      'tmp-2': ['You must supply an image.'],
      'tmp-3': ['An audio file is required'],
    });
    expect(mapped.other).toEqual(['The items must be an array.']);
  });

  it('words required media per type', () => {
    expect(itemErrorMessage('video', 'The media id field is required.', false)).toBe('A video is required');
    expect(itemErrorMessage('pdf', 'The media id field is required.', true)).toBe('A pdf is required');
    expect(itemErrorMessage('paragraph', 'The text field is required.', true)).toBe('This field is required');
    expect(itemErrorMessage('image', 'The selected media id is invalid.', true)).toBe('The selected media id is invalid.');
  });

  it('checks the list with the SDK item forms before sending, keyed like the API', () => {
    const state = run(savedTopic(), { type: 'addRow' }, { type: 'addChild', rowId: 'row-a', childType: 'video' });
    expect(checkItems(state.rows)).toEqual({ 'items.2.text': ['The text field is required.'], 'items.4.media_id': ['The media id field is required.'] });
    expect(checkItems(savedTopic().rows)).toEqual({});
  });
});
