import { ExportControl, ImportControl } from '@portal/features/kc-authoring/QuestionTransfer';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { KnowledgeCheckQuestionImport } from '@tessera/sdk';
import type { RouteObject } from 'react-router';
import { expect, userEvent, within } from 'storybook/test';
import { fieldErrors } from './fakeApi';
import type { FakeRoutes } from './fakeServer';
import { OrganizationPages, STORY_ORGANIZATION } from './PortalRouter';

const CHECK = 'kc-ladders';
const IMPORT_API = `/api/tenants/${STORY_ORGANIZATION.organization.id}/knowledgechecks/${CHECK}/questions/import`;

const REPORT: KnowledgeCheckQuestionImport = {
  questions: [
    { index: 1, title: 'Torque', type: 'single_choice', outcome: 'would_import', reason: null },
    { index: 2, title: 'Describe your last shift.', type: 'essay', outcome: 'skipped', reason: 'Essay questions are not supported.' },
    { index: 3, title: 'Two answers', type: 'single_choice', outcome: 'skipped', reason: 'A single choice question has exactly one answer.' },
    { index: 4, title: 'Which protect your ears?', type: 'multiple_choice', outcome: 'would_import', reason: null },
    {
      index: 5,
      title: 'Sign',
      type: 'single_choice',
      outcome: 'would_import',
      reason: 'The image sign.png was left out: The image must be at least 800 x 450 pixels.',
    },
  ],
  imported: 0,
  skipped: 2,
};

function page(server: FakeRoutes) {
  const pages: RouteObject[] = [
    {
      path: 'admin/bank',
      element: (
        <div style={{ display: 'flex', gap: 8 }}>
          <ImportControl tenantId={STORY_ORGANIZATION.organization.id} checkId={CHECK} onImported={() => {}} />
          <ExportControl tenantId={STORY_ORGANIZATION.organization.id} checkId={CHECK} />
        </div>
      ),
    },
  ];
  return <OrganizationPages path="/acme-training/admin/bank" pages={pages} server={server} />;
}

/**
 * A question bank's Import and Export (issue 36): the import dialog checks the file first (a dry run) and shows each
 * question found, imported or skipped and why, before "Import N questions".
 */
const meta = {
  title: 'Portal/Knowledge Checks/QuestionImport',
  parameters: { layout: 'padded' },
  render: () => page({ [`POST ${IMPORT_API}`]: { status: 200, body: { data: REPORT } } }),
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

// Dialogs render at the end of the page, outside the story's root.
const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

async function checkFile(canvasElement: HTMLElement) {
  await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Import' }));
  const dialog = within(await body(canvasElement).findByRole('dialog', { name: 'Import questions' }));
  await userEvent.upload(
    dialog.getByLabelText('Question file'),
    new File(['::Torque::Which tool? {=Torque wrench ~Hammer}'], 'bank.gift', { type: 'text/plain' }),
  );
  await userEvent.click(dialog.getByRole('button', { name: 'Check file' }));
  return dialog;
}

/** The dry run's report: three questions will come in (one without its image), two are skipped with their reasons. */
export const DryRunReport: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await checkFile(canvasElement);
    await expect(await dialog.findByText('3 questions can be imported; 2 will be skipped.')).toBeInTheDocument();
    await expect(dialog.getByRole('row', { name: /Describe your last shift/ })).toHaveTextContent('Essay questions are not supported.');
    await expect(dialog.getByRole('button', { name: 'Import 3 questions' })).toBeInTheDocument();
  },
};

/** A file in no format the server reads: its message under the file field, and nothing to import. */
export const NotAQuestionBank: Story = {
  render: () => page({ [`POST ${IMPORT_API}`]: fieldErrors({ file: ['The file is not in GIFT format: nothing in it reads as a GIFT question.'] }) }),
  play: async ({ canvasElement }) => {
    const dialog = await checkFile(canvasElement);
    await expect(await dialog.findByText('The file is not in GIFT format: nothing in it reads as a GIFT question.')).toBeInTheDocument();
    await expect(dialog.queryByRole('button', { name: /^Import \d/ })).toBeNull();
  },
};
