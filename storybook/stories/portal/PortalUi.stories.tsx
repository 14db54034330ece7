import { Badge } from '@portal/ui/Badge';
import { Breadcrumbs } from '@portal/ui/Breadcrumbs';
import { CheckboxGroup } from '@portal/ui/CheckboxGroup';
import { ConfirmDialog, DELETE_ANSWERS } from '@portal/ui/ConfirmDialog';
import { InfoTip } from '@portal/ui/InfoTip';
import { Row, Stack, Text } from '@portal/ui/Page';
import { RadioGroup } from '@portal/ui/RadioGroup';
import { RowButton } from '@portal/ui/RowButton';
import { RowMenu } from '@portal/ui/RowMenu';
import { SearchField } from '@portal/ui/SearchField';
import { Select } from '@portal/ui/Select';
import { MAIN_ID, SkipLink } from '@portal/ui/SkipLink';
import { announce, Toasts } from '@portal/ui/Toasts';
import { Button } from '@tessera/widgets/ui';
import { Switch } from '@portal/ui/Switch';
import { Tabs } from '@portal/ui/Tabs';
import { TagPicker } from '@portal/ui/TagPicker';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { messages } from '@tessera/sdk/rules';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fakeCall, fakeOptions } from './fakeApi';
import { GROUP_OPTIONS } from './members';
import { placeholderPage, withPortalRouter } from './PortalRouter';

/** The portal's own ui components (portal/src/ui), each with what a person does with it. */
const meta = {
  title: 'Portal/UI',
  parameters: { layout: 'padded' },
  decorators: [
    withPortalRouter({ '/groups': placeholderPage('Groups') }),
    (Story) => (
      <div style={{ maxWidth: 560 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

// Popovers and modals render at the end of the page, outside the story's root.
const page = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

function TabsExample() {
  const [tab, setTab] = useState('all');
  return (
    <Tabs
      label="Members"
      selected={tab}
      onSelect={setTab}
      tabs={[
        { id: 'all', title: 'All', panel: <Text>Every member who is not archived.</Text> },
        { id: 'archived', title: 'Archived', panel: <Text>Archived members, who can be restored.</Text> },
        { id: 'add', title: 'Add', panel: <Text>Add a new member</Text> },
      ]}
    />
  );
}

/** A click or the arrow, Home and End keys choose a tab; only the chosen tab's panel is shown. */
export const TabsStory: Story = {
  name: 'Tabs',
  render: () => <TabsExample />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tabpanel', { name: 'All' })).toHaveTextContent('Every member who is not archived.');

    await userEvent.click(canvas.getByRole('tab', { name: 'Archived' }));
    await expect(canvas.getByRole('tabpanel', { name: 'Archived' })).toHaveTextContent('Archived members, who can be restored.');
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'Add' })).toHaveFocus();
    await expect(canvas.getByRole('tabpanel', { name: 'Add' })).toHaveTextContent('Add a new member');
    await userEvent.keyboard('{Home}');
    await expect(canvas.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.queryByText('Add a new member')).toBeNull();
  },
};

function SearchFieldExample() {
  const [value, setValue] = useState('');
  const [searched, setSearched] = useState<string[]>([]);
  return (
    <Stack>
      <SearchField placeholder="Search by name" value={value} onChange={setValue} onSubmit={(term) => setSearched((all) => [...all, term])} />
      <Text tone="muted">{searched.length ? `Searches sent: ${searched.map((term) => `"${term}"`).join(', ')}` : 'No search sent yet.'}</Text>
    </Stack>
  );
}

/** The placeholder names the box; Enter searches, the clear button empties it and searches again. */
export const SearchFieldStory: Story = {
  name: 'SearchField',
  render: () => <SearchFieldExample />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const box = canvas.getByRole('searchbox', { name: 'Search by name' });
    await userEvent.type(box, 'fire');
    await expect(canvas.getByText('No search sent yet.')).toBeInTheDocument();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByText('Searches sent: "fire"')).toBeInTheDocument();

    await userEvent.click(canvas.getByRole('button', { name: 'Clear search' }));
    await expect(box).toHaveValue('');
    await expect(canvas.getByText('Searches sent: "fire", ""')).toBeInTheDocument();
  },
};

const ROLE_CHOICES = [
  { id: 'user', label: 'User' },
  { id: 'admin', label: 'Admin' },
  { id: 'master', label: 'Master' },
];

function SelectExample({ errors, isDisabled }: { errors?: string[]; isDisabled?: boolean }) {
  const [role, setRole] = useState('user');
  return <Select label="Role" name="role" options={ROLE_CHOICES} value={role} onChange={setRole} errors={errors} isDisabled={isDisabled} />;
}

/** A button that opens a list of options; the chosen one shows on the button. */
export const SelectStory: Story = {
  name: 'Select',
  render: () => <SelectExample />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const trigger = canvas.getByRole('button', { name: /Role/ });
    await expect(trigger).toHaveTextContent('User');
    await userEvent.click(trigger);
    await userEvent.click(await page(canvasElement).findByRole('option', { name: 'Admin' }));
    await expect(trigger).toHaveTextContent('Admin');
    await expect(page(canvasElement).queryByRole('listbox')).toBeNull();
  },
};

export const SelectWithError: Story = {
  render: () => <SelectExample errors={[messages.selected('role')]} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('The selected role is invalid.')).toBeInTheDocument();
  },
};

export const SelectDisabled: Story = {
  render: () => <SelectExample isDisabled />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: /Role/ })).toBeDisabled();
  },
};

function TagPickerExample({ errors }: { errors?: string[] }) {
  // Safety team was related before the screen opened: its name comes from `known`.
  const [groups, setGroups] = useState([GROUP_OPTIONS[0].id]);
  return (
    <TagPicker
      label="Groups"
      placeholder="Search groups"
      value={groups}
      onChange={setGroups}
      known={[GROUP_OPTIONS[0]]}
      search={fakeOptions(GROUP_OPTIONS)}
      errors={errors}
    />
  );
}

/** Typing asks the server for matches (after 750 ms idle); a choice becomes a removable tag. */
export const TagPickerStory: Story = {
  name: 'TagPicker',
  render: () => <TagPickerExample />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const chosen = canvas.getByRole('grid', { name: 'Selected groups' });
    await expect(within(chosen).getByRole('row', { name: 'Safety team' })).toBeInTheDocument();

    await userEvent.type(canvas.getByRole('combobox', { name: 'Groups' }), 'shift');
    // The server's matches replace the unfiltered choices once the typing has paused.
    await waitFor(
      () =>
        expect(
          page(canvasElement)
            .getAllByRole('option')
            .map((option) => option.textContent),
        ).toEqual(['Night shift']),
      {
        timeout: 3000,
      },
    );
    await userEvent.click(page(canvasElement).getByRole('option', { name: 'Night shift' }));
    await expect(within(chosen).getByRole('row', { name: 'Night shift' })).toBeInTheDocument();
    await expect(canvas.getByRole('combobox', { name: 'Groups' })).toHaveValue('');

    await userEvent.click(canvas.getByRole('button', { name: /^Remove Safety team/ }));
    await expect(within(chosen).queryByRole('row', { name: 'Safety team' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: /^Remove Night shift/ }));
    await expect(canvas.getByText('None selected')).toBeInTheDocument();
  },
};

export const TagPickerWithError: Story = {
  render: () => <TagPickerExample errors={[messages.selected('groups')]} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('The selected groups is invalid.')).toBeInTheDocument();
  },
};

const MEDIA_DELETE_QUESTION = 'This will permanently delete this item. Are you sure you want to continue?';

function DeleteExample() {
  const [files, setFiles] = useState(['Fire exits.pdf', 'Evacuation route.png']);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);
  async function confirm() {
    setPending(true);
    const outcome = await fakeCall({ status: 204 }, { delayMs: 400 });
    setPending(false);
    if (outcome.ok) setFiles((current) => current.filter((file) => file !== deleting));
    setDeleting(null);
  }
  return (
    <Stack>
      {files.map((file) => (
        <Row key={file} justify="between">
          <Text>{file}</Text>
          <RowButton tone="danger" aria-label={`Delete ${file}`} onPress={() => setDeleting(file)}>
            Delete
          </RowButton>
        </Row>
      ))}
      <ConfirmDialog
        title={deleting ? `Delete “${deleting}”?` : ''}
        question={MEDIA_DELETE_QUESTION}
        {...DELETE_ANSWERS}
        isOpen={deleting !== null}
        isPending={isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirm()}
      />
    </Stack>
  );
}

/** A delete asks first (spec section 8), naming what goes: No, Cancel has the focus; its buttons or Escape (the safe answer) close it, a click outside does not. */
export const ConfirmationDialog: Story = {
  render: () => <DeleteExample />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Delete Fire exits.pdf' }));
    // A short heading names the file; the spec's question is under it.
    const dialog = await page(canvasElement).findByRole('alertdialog', { name: 'Delete “Fire exits.pdf”?' });
    await expect(dialog).toHaveTextContent(MEDIA_DELETE_QUESTION);
    await expect(within(dialog).getByRole('button', { name: 'No, Cancel' })).toHaveFocus();
    // Escape answers the safe way, as No, Cancel does.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(page(canvasElement).queryByRole('alertdialog')).toBeNull());
    await expect(canvas.getByText('Fire exits.pdf')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Delete Fire exits.pdf' }));
    const asked = await page(canvasElement).findByRole('alertdialog', { name: 'Delete “Fire exits.pdf”?' });
    await userEvent.click(within(asked).getByRole('button', { name: 'No, Cancel' }));
    await waitFor(() => expect(page(canvasElement).queryByRole('alertdialog')).toBeNull());
    await expect(canvas.getByText('Fire exits.pdf')).toBeInTheDocument();

    await userEvent.click(canvas.getByRole('button', { name: 'Delete Fire exits.pdf' }));
    const again = await page(canvasElement).findByRole('alertdialog', { name: 'Delete “Fire exits.pdf”?' });
    const yes = within(again).getByRole('button', { name: 'Yes, Delete' });
    await userEvent.click(yes);
    await expect(yes).toHaveAttribute('aria-disabled', 'true');
    await waitFor(() => expect(page(canvasElement).queryByRole('alertdialog')).toBeNull());
    await expect(canvas.queryByText('Fire exits.pdf')).toBeNull();
    await expect(canvas.getByText('Evacuation route.png')).toBeInTheDocument();
  },
};

/** Short status labels beside a name. */
export const Badges: Story = {
  render: () => (
    <Row>
      <Badge>Active</Badge>
      <Badge tone="info">Owner</Badge>
      <Badge tone="bad">Account Locked</Badge>
      <Badge tone="bad">Not Confirmed</Badge>
    </Row>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const text of ['Active', 'Owner', 'Account Locked', 'Not Confirmed']) await expect(canvas.getByText(text)).toBeVisible();
  },
};

/** Links back up and the current page last; a link navigates inside the app. */
export const BreadcrumbsStory: Story = {
  name: 'Breadcrumbs',
  render: () => <Breadcrumbs crumbs={[{ label: 'Groups', to: '/groups' }, { label: 'Edit' }]} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const trail = within(canvas.getByRole('navigation', { name: 'Breadcrumb' }));
    await expect(trail.getByText('Edit')).toHaveAttribute('aria-current', 'page');
    await userEvent.click(trail.getByRole('link', { name: 'Groups' }));
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Groups' })).toBeInTheDocument();
  },
};

function SwitchAndRadiosExample() {
  const [active, setActive] = useState(true);
  const [source, setSource] = useState('');
  return (
    <Stack>
      <Switch label="Active" name="is_active" isSelected={active} onChange={setActive} />
      <RadioGroup
        label="Image"
        name="image_source"
        value={source}
        onChange={setSource}
        options={[
          { id: 'upload', label: 'Upload an image' },
          { id: 'library', label: 'Choose from the Media Library' },
          { id: 'none', label: 'No image', isDisabled: true },
        ]}
      />
    </Stack>
  );
}

/** A switch and a radio group: a click or the keyboard (Space, arrows) changes them. */
export const SwitchAndRadioGroup: Story = {
  render: () => <SwitchAndRadiosExample />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const active = canvas.getByRole('switch', { name: 'Active' });
    await expect(active).toBeChecked();
    await userEvent.click(active);
    await expect(active).not.toBeChecked();

    await userEvent.click(canvas.getByRole('radio', { name: 'Upload an image' }));
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('radio', { name: 'Choose from the Media Library' })).toBeChecked();
    await expect(canvas.getByRole('radio', { name: 'No image' })).toBeDisabled();
  },
};

function CheckboxGroupExample() {
  const [days, setDays] = useState<string[]>([]);
  return (
    <CheckboxGroup
      label="Reminder days"
      name="days"
      description="Choose at least one."
      value={days}
      onChange={setDays}
      errors={days.length ? [] : ['Choose at least one day.']}
      options={[
        { id: 'mon', label: 'Monday', detail: 'Sent at 9:00.' },
        { id: 'wed', label: 'Wednesday', detail: 'Sent at 9:00.' },
        { id: 'fri', label: 'Friday', detail: 'Sent at 15:00.' },
      ]}
    />
  );
}

/** A checkbox group: Tab reaches each box, Space ticks it; the group's message shows until one is ticked. */
export const CheckboxGroupStory: Story = {
  name: 'CheckboxGroup',
  render: () => <CheckboxGroupExample />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Choose at least one day.')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('checkbox', { name: /^Monday/ }));
    await userEvent.tab();
    await userEvent.keyboard(' ');
    await expect(canvas.getByRole('checkbox', { name: /^Wednesday/ })).toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: /^Monday/ })).toBeChecked();
    await expect(canvas.queryByText('Choose at least one day.')).toBeNull();
  },
};

/**
 * An "i" whose tip shows on hover and keyboard focus and hides on Escape. The tip is drawn in a layer above the
 * page (outside the story's box), so a scroll container around the trigger cannot cut it off.
 */
export const InfoTipStory: Story = {
  name: 'InfoTip',
  render: () => (
    <div style={{ overflow: 'auto', maxHeight: '32px', paddingTop: '4px' }}>
      <InfoTip label="About thumbnails" text={messages.thumbnailType} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    const trigger = canvas.getByRole('button', { name: 'About thumbnails' });
    await expect(page.queryByRole('tooltip')).toBeNull();
    await userEvent.tab();
    await expect(trigger).toHaveFocus();
    const tip = await page.findByRole('tooltip');
    await expect(tip).toHaveTextContent('Image must be either a jpeg or png');
    await expect(canvasElement.contains(tip)).toBe(false);
    await expect(trigger).toHaveAccessibleDescription('Image must be either a jpeg or png');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(page.queryByRole('tooltip')).toBeNull());
  },
};

function RowMenuExample() {
  const [done, setDone] = useState('Nothing chosen yet.');
  return (
    <Row>
      <RowButton onPress={() => setDone('Settings opened.')}>Settings</RowButton>
      <RowMenu
        name="Ladders"
        items={[
          { id: 'copy', label: 'Copy', onAction: () => setDone('Copy chosen.') },
          { id: 'move', label: 'Move', onAction: () => setDone('Move chosen.') },
          { id: 'knowledge-check', label: 'Knowledge Check', isDisabled: true, onAction: () => {} },
          { id: 'archive', label: 'Archive', tone: 'danger', onAction: () => setDone('Archive chosen.') },
        ]}
      />
      <Text role="status">{done}</Text>
    </Row>
  );
}

/** A row's primary action in sight, the others behind More: arrow keys move, Enter chooses, disabled ones are skipped. */
export const RowMenuStory: Story = {
  name: 'RowMenu',
  render: () => <RowMenuExample />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    const more = canvas.getByRole('button', { name: 'More actions for Ladders' });
    await userEvent.click(more);
    const menu = await page.findByRole('menu', { name: 'More actions for Ladders' });
    await expect(within(menu).getByRole('menuitem', { name: 'Knowledge Check' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(page.queryByRole('menu')).toBeNull());
    // By keyboard: Enter opens the menu on its first action, ArrowDown moves to the next, Enter chooses it.
    more.focus();
    await userEvent.keyboard('{Enter}');
    await expect(await page.findByRole('menuitem', { name: 'Copy' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(canvas.getByRole('status')).toHaveTextContent('Move chosen.');
  },
};

/** The first Tab of a page shows "Skip to main content"; Enter moves focus to the page's main landmark. */
export const SkipLinkStory: Story = {
  name: 'SkipLink',
  render: () => (
    <div style={{ position: 'relative', paddingTop: 48 }}>
      <SkipLink />
      <nav aria-label="Sidebar">
        <a href="#modules">Modules</a> <a href="#media">Media</a>
      </nav>
      <main id={MAIN_ID} tabIndex={-1}>
        <Text>The page itself.</Text>
      </main>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    const skip = canvas.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('main')).toHaveFocus();
  },
};

/**
 * A completed action is announced in react-aria's toast region (a landmark screen readers read): what was done
 * and where the record went. The toast closes by itself, or with its close button.
 */
export const ToastsStory: Story = {
  name: 'Toasts',
  render: () => (
    <>
      <Button onPress={() => announce('Module archived', '“Site Safety” is in the Archived tab, where it can be restored.')}>Archive Site Safety</Button>
      <Toasts />
    </>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Archive Site Safety' }));
    const region = await page(canvasElement).findByRole('region', { name: /Notifications/ });
    await expect(region).toHaveTextContent('Module archived');
    await expect(region).toHaveTextContent('“Site Safety” is in the Archived tab, where it can be restored.');
    await userEvent.click(within(region).getByRole('button', { name: 'Close notification' }));
    await waitFor(() => expect(page(canvasElement).queryByRole('region', { name: /Notifications/ })).toBeNull());
  },
};
