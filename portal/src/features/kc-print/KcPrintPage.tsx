import { styled } from '@tessera/widgets/stitches';
import { Alert, Button } from '@tessera/widgets/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { shownFailure, unwrap } from '../../api/queries';
import { usePageTitle } from '../../lib/usePageTitle';
import { Row, Stack, Text } from '../../ui/Page';
import { Switch } from '../../ui/Switch';
import { useOrganization } from '../organization/organizationContext';
import { getCheck, getPrintSheet, type KnowledgeCheck, type KnowledgeCheckPrint } from './kcPrintCalls';
import { PRINT_CLASSES, PrintSheet, printStyles } from './PrintSheet';

/** Spec section 9: the print sample's default number of questions. */
const DEFAULT_PRINT_NUMBER = 10;

const Controls = styled(Row, { justifyContent: 'space-between' });

/** The number of the route (`/print/{number?}`): a whole number from 1, else the default. */
function printNumber(raw: string | undefined): number {
  const value = Number(raw);
  return Number.isInteger(value) && value >= 1 ? value : DEFAULT_PRINT_NUMBER;
}

/** The sheet of one form of a check (`form` '' for a new draw). */
const sheetKey = (tenantId: string, id: string, number: number, form: string) => ['knowledge-checks', tenantId, id, 'print', number, form];

/**
 * The sheet of the URL's form; without a form, a new draw whose form is then written into the URL (replacing the
 * entry), so a reload or a colleague's link shows the same sheet and its key. One draw per visit: the drawn sheet is
 * put in the cache under its form before the URL names it, so the form's query answers without asking again; the
 * draw's own query is forgotten once nothing reads it (gcTime 0), so Draw a new sheet draws anew.
 */
function usePrintSheet(tenantId: string, id: string, number: number) {
  const [params, setParams] = useSearchParams();
  const queries = useQueryClient();
  const form = params.get('form') ?? '';
  const sheetQuery = useQuery({
    queryKey: sheetKey(tenantId, id, number, form),
    queryFn: async () => unwrap(await getPrintSheet(tenantId, id, number, form)),
    // A form's sheet never changes; a draw is never asked for twice.
    staleTime: Infinity,
    gcTime: form ? undefined : 0,
  });
  // react-router hands a new setter when the location changes: it must not start another draw.
  const writeForm = useEffectEvent((drawn: KnowledgeCheckPrint) => {
    queries.setQueryData(sheetKey(tenantId, id, number, drawn.form), drawn);
    setParams(
      (currentParams) => {
        const next = new URLSearchParams(currentParams);
        next.set('form', drawn.form);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  });
  // The new draw is shown: its form goes into the URL (until then the URL still has none).
  const drawn = form ? null : (sheetQuery.data ?? null);
  useEffect(() => {
    if (drawn) writeForm(drawn);
  }, [drawn]);
  const newSheet = () =>
    setParams(
      (currentParams) => {
        const next = new URLSearchParams(currentParams);
        next.delete('form');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  // 422: a form code this check never answered (mistyped, or drawn from another bank).
  const failure = shownFailure(sheetQuery.error);
  return { sheet: sheetQuery.data ?? null, refusal: failure ? (failure.error.errors?.form?.[0] ?? failure.error.message) : null, newSheet };
}

function useCheck(tenantId: string, id: string): KnowledgeCheck | null {
  const check = useQuery({ queryKey: ['knowledge-checks', tenantId, id], queryFn: async () => unwrap(await getCheck(tenantId, id)) });
  return check.data ?? null;
}

/** /:organization/admin/modules/:module/knowledgecheck/:id/print/:number? (spec 2, "Print screen"). */
export function KcPrintPage() {
  const { organization } = useOrganization();
  const { module = '', id = '', number: rawNumber } = useParams();
  const number = printNumber(rawNumber);
  const { sheet, refusal, newSheet } = usePrintSheet(organization.id, id, number);
  const check = useCheck(organization.id, id);
  const [showAnswers, setShowAnswers] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  const title = check ? `Knowledge Check: ${check.name}` : 'Knowledge Check';
  usePageTitle(sheet ? `${title} (form ${sheet.form})` : title);

  // Back where the person came from; a link opened on its own goes to the module's components.
  const goBack = () =>
    location.key !== 'default'
      ? void navigate(-1)
      : void navigate(`/${encodeURIComponent(organization.slug)}/admin/modules/${encodeURIComponent(module)}/components`);

  return (
    <Stack>
      <Controls className={PRINT_CLASSES.noPrint}>
        <Button variant="link" onPress={goBack}>
          Go back
        </Button>
        <Row>
          <Switch label="Show Answers" name="show-answers" isSelected={showAnswers} onChange={setShowAnswers} />
          <Button onPress={() => window.print()} isDisabled={!sheet}>
            Print
          </Button>
        </Row>
      </Controls>
      {sheet ? (
        <>
          <style>{printStyles(sheet.form)}</style>
          <PrintSheet title={title} instructions={check?.instructions ?? ''} form={sheet.form} questions={sheet.questions} showAnswers={showAnswers} />
        </>
      ) : refusal ? (
        <Alert tone="error">
          <Stack>
            <Text>{`This form cannot be printed: ${refusal}`}</Text>
            <div>
              <Button variant="secondary" onPress={newSheet}>
                Draw a new sheet
              </Button>
            </div>
          </Stack>
        </Alert>
      ) : (
        <Text role="status">Loading...</Text>
      )}
    </Stack>
  );
}
