/**
 * Import and export of a check's question bank (issue 36). Import: choose a file and its format, read the dry run's
 * report (each question imported or skipped, and why), then "Import N questions". Export: choose a format and the
 * file downloads. Both are the bank authors'; the page reloads the bank after an import.
 */
import { messages } from '@tessera/sdk/rules';
import { Alert, Button, saveFile } from '@tessera/widgets/ui';
import { useState } from 'react';
import { whileSaving } from '../../api/call';
import { useWrites } from '../../api/queries';
import { failureErrors, OTHER } from '../../forms/formState';
import { DialogActions, ModalDialog } from '../../ui/Dialog';
import { FormFailure } from '../../ui/FormFailure';
import { Stack, Text } from '../../ui/Page';
import { Select } from '../../ui/Select';
import { Table, type TableColumn } from '../../ui/Table';
import { announce } from '../../ui/Toasts';
import { FileField } from '../media/FileField';
import { ACCEPT } from '../media/mediaFile';
import { CHECK_QUERIES, exportQuestions, importQuestions, type ExportFormat, type QuestionBankFormat, type QuestionImport } from './kcCalls';

const IMPORT_FORMATS: { id: QuestionBankFormat; label: string }[] = [
  { id: 'auto', label: 'Detect from the file' },
  { id: 'gift', label: 'GIFT' },
  { id: 'aiken', label: 'Aiken' },
  { id: 'moodle_xml', label: 'Moodle XML' },
];

const EXPORT_FORMATS: { id: ExportFormat; label: string }[] = [
  { id: 'gift', label: 'GIFT (every question)' },
  { id: 'moodle_xml', label: 'Moodle XML (every question)' },
  { id: 'aiken', label: 'Aiken (single choice questions only)' },
];

const TYPE_WORDS: Record<QuestionImport['questions'][number]['type'], string> = {
  single_choice: 'Single choice',
  multiple_choice: 'Multiple choice',
  true_false: 'True/false',
  short_answer: 'Short answer',
  numerical: 'Numerical',
  essay: 'Essay',
  matching: 'Matching',
  cloze: 'Cloze',
  description: 'Description',
  other: 'Other',
};

const OUTCOME_WORDS = { imported: 'Imported', would_import: 'Will be imported', skipped: 'Skipped' } as const;

type ReportRow = QuestionImport['questions'][number];

const REPORT_COLUMNS: TableColumn<ReportRow>[] = [
  { id: 'index', title: '#', render: (row) => row.index },
  { id: 'title', title: 'Question', isRowHeader: true, render: (row) => row.title },
  { id: 'type', title: 'Type', render: (row) => TYPE_WORDS[row.type] },
  { id: 'outcome', title: 'Outcome', render: (row) => OUTCOME_WORDS[row.outcome] },
  { id: 'reason', title: 'Why', render: (row) => row.reason ?? '' },
];

const FIELDS = ['file', 'format'];

/** "Import": the dialog that checks a file (a dry run) and then imports what it can. */
export function ImportControl({ tenantId, checkId, onImported }: { tenantId: string; checkId: string; onImported(): void }) {
  const [isOpen, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<QuestionBankFormat>('auto');
  const [report, setReport] = useState<QuestionImport | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [isPending, setPending] = useState(false);
  // A new key empties the file input when the dialog opens again.
  const [round, setRound] = useState(0);
  const { write } = useWrites(CHECK_QUERIES);

  const close = () => {
    setOpen(false);
    setFile(null);
    setReport(null);
    setErrors({});
    setRound((value) => value + 1);
  };

  const send = async (dryRun: boolean) => {
    if (!file) {
      setErrors({ file: [messages.required('file')] });
      return;
    }
    setPending(true);
    setErrors({});
    const outcome = await whileSaving(() =>
      dryRun ? importQuestions(tenantId, checkId, file, format, true) : write(() => importQuestions(tenantId, checkId, file, format, false)),
    );
    setPending(false);
    if (!outcome.ok) {
      setReport(null);
      setErrors(failureErrors(outcome, FIELDS));
      return;
    }
    if (dryRun) {
      setReport(outcome.data);
      return;
    }
    announce(`${outcome.data.imported} ${outcome.data.imported === 1 ? 'question' : 'questions'} imported`);
    close();
    onImported();
  };

  const importable = report ? report.questions.filter((row) => row.outcome === 'would_import').length : 0;
  return (
    <>
      <Button variant="secondary" onPress={() => setOpen(true)}>
        Import
      </Button>
      <ModalDialog title="Import questions" size="large" isOpen={isOpen} isDismissable onOpenChange={(open) => !open && close()}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void send(true);
          }}
        >
          <Stack>
            <Text tone="muted">
              GIFT, Aiken or Moodle XML, as Moodle and TalentLMS write them. The file is checked first: nothing is added until you import.
            </Text>
            <FileField
              key={round}
              label="Question file"
              name="file"
              accept={ACCEPT.question_bank}
              errors={errors.file}
              isRequired
              onPick={(picked) => {
                setFile(picked);
                setReport(null);
              }}
            />
            <Select
              label="Format"
              name="format"
              options={IMPORT_FORMATS}
              value={format}
              errors={errors.format}
              onChange={(value) => {
                setFormat(value as QuestionBankFormat);
                setReport(null);
              }}
            />
            <FormFailure messages={errors[OTHER] ?? []} />
            {report ? <ImportReport report={report} importable={importable} /> : null}
            <DialogActions>
              <Button variant="secondary" onPress={close}>
                Cancel
              </Button>
              {report && importable > 0 ? (
                <Button isPending={isPending} onPress={() => void send(false)}>
                  {`Import ${importable} ${importable === 1 ? 'question' : 'questions'}`}
                </Button>
              ) : (
                <Button isPending={isPending} onPress={() => void send(true)}>
                  Check file
                </Button>
              )}
            </DialogActions>
          </Stack>
        </form>
      </ModalDialog>
    </>
  );
}

function ImportReport({ report, importable }: { report: QuestionImport; importable: number }) {
  const skipped = report.skipped;
  return (
    <Stack>
      <Alert tone={importable > 0 ? 'info' : 'warning'}>
        {report.questions.length === 0
          ? 'The file holds no questions.'
          : `${importable} ${importable === 1 ? 'question' : 'questions'} can be imported; ${skipped} will be skipped.`}
      </Alert>
      <Table
        label="Questions found in the file"
        columns={REPORT_COLUMNS}
        rows={report.questions}
        rowKey={(row) => String(row.index)}
        emptyText="No questions found..."
      />
    </Stack>
  );
}

/** "Export": the bank as a GIFT, Moodle XML or Aiken file. */
export function ExportControl({ tenantId, checkId }: { tenantId: string; checkId: string }) {
  const [isOpen, setOpen] = useState(false);
  const [format, setFormat] = useState<ExportFormat>('gift');
  const [failure, setFailure] = useState<string[]>([]);
  const [isPending, setPending] = useState(false);
  const close = () => {
    setOpen(false);
    setFailure([]);
  };
  const download = async () => {
    setPending(true);
    const outcome = await exportQuestions(tenantId, checkId, format);
    setPending(false);
    if (!outcome.ok) {
      setFailure(outcome.routed ? [] : [outcome.error.message]);
      return;
    }
    saveFile(outcome.data.blob, outcome.data.name);
    const leftOut = outcome.data.leftOut;
    announce('Questions exported', leftOut > 0 ? `${leftOut} ${leftOut === 1 ? 'question' : 'questions'} could not be written in this format.` : undefined);
    close();
  };
  return (
    <>
      <Button variant="secondary" onPress={() => setOpen(true)}>
        Export
      </Button>
      <ModalDialog title="Export questions" isOpen={isOpen} isDismissable onOpenChange={(open) => !open && close()}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void download();
          }}
        >
          <Stack>
            <Select label="Format" name="format" options={EXPORT_FORMATS} value={format} onChange={(value) => setFormat(value as ExportFormat)} />
            <FormFailure messages={failure} />
            <DialogActions>
              <Button variant="secondary" onPress={close}>
                Cancel
              </Button>
              <Button type="submit" isPending={isPending}>
                Download
              </Button>
            </DialogActions>
          </Stack>
        </form>
      </ModalDialog>
    </>
  );
}
