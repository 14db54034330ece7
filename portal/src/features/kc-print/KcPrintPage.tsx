import { styled } from '@tessera/widgets/theme';
import { Alert, Button } from '@tessera/widgets/ui';
import { useEffect, useEffectEvent, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
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

interface LoadedSheet {
  /** The sheet's own address (with its form). */
  key: string;
  /** The address it was asked for (without a form for a new draw). */
  requested: string;
  sheet: KnowledgeCheckPrint;
}

/**
 * The sheet of the URL's form; without a form, a new draw whose form is then written into the URL (replacing the
 * entry), so a reload or a colleague's link shows the same sheet and its key.
 */
function usePrintSheet(tenantId: string, id: string, number: number) {
  const [params, setParams] = useSearchParams();
  const form = params.get('form') ?? '';
  const [loaded, setLoaded] = useState<LoadedSheet | null>(null);
  const [refused, setRefused] = useState<{ key: string; message: string } | null>(null);
  const key = `${id}/${number}/${form}`;
  const loadedKey = loaded?.key ?? null;
  const requestedKey = loaded?.requested ?? null;
  const loadedForm = loaded?.sheet.form ?? '';
  const refusedKey = refused?.key ?? null;
  // react-router hands a new setter when the location changes: it must not start another draw.
  const writeForm = useEffectEvent((drawn: string) =>
    setParams(
      (currentParams) => {
        const next = new URLSearchParams(currentParams);
        next.set('form', drawn);
        return next;
      },
      { replace: true, preventScrollReset: true },
    ),
  );
  useEffect(() => {
    if (loadedKey === key || refusedKey === key) return;
    // The new draw is shown: its form goes into the URL (until then the URL still has none).
    if (requestedKey === key && loadedForm) {
      writeForm(loadedForm);
      return;
    }
    let current = true;
    void getPrintSheet(tenantId, id, number, form).then((outcome) => {
      if (!current) return;
      if (!outcome.ok) {
        // 422: a form code this check never answered (mistyped, or drawn from another bank).
        if (!outcome.routed) setRefused({ key, message: outcome.error.errors?.form?.[0] ?? outcome.error.message });
        return;
      }
      setLoaded({ key: `${id}/${number}/${outcome.data.form}`, requested: key, sheet: outcome.data });
    });
    return () => {
      current = false;
    };
  }, [tenantId, id, number, form, key, loadedKey, requestedKey, loadedForm, refusedKey]);
  const sheet = loaded && (loaded.key === key || loaded.requested === key) ? loaded.sheet : null;
  const newSheet = () =>
    setParams(
      (currentParams) => {
        const next = new URLSearchParams(currentParams);
        next.delete('form');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return { sheet, refusal: refused?.key === key ? refused.message : null, newSheet };
}

function useCheck(tenantId: string, id: string): KnowledgeCheck | null {
  const [check, setCheck] = useState<KnowledgeCheck | null>(null);
  useEffect(() => {
    let current = true;
    void getCheck(tenantId, id).then((outcome) => {
      if (current && outcome.ok) setCheck(outcome.data);
    });
    return () => {
      current = false;
    };
  }, [tenantId, id]);
  return check?.id === id ? check : null;
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
