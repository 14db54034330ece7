import { Markdown } from '@tessera/widgets';
import { styled } from '@tessera/widgets/stitches';
import { Heading } from '@tessera/widgets/ui';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { plainText } from '../../lib/plainText';
import { usePageTitle } from '../../lib/usePageTitle';
import { unwrap } from '../../api/queries';
import { AppLink } from '../../ui/AppLink';
import { DownloadCsvButton } from '../../ui/DownloadCsvButton';
import { Row, Stack, Text } from '../../ui/Page';
import { RadioGroup } from '../../ui/RadioGroup';
import { ReadState } from '../../ui/ReadState';
import { useOrganization } from '../organization/organizationContext';
import { downloadItemAnalysisCsv, getCheckName, getItemAnalysis, type KcItemAnalysis, type KcItemAnalysisItem } from './kcReportCalls';
import { FLAG_WORDS, formatFigure, formatScore, formatShare, kcReportPaths, kcReportTexts } from './kcReportTexts';

// uPlot comes with the chart only, after the figures have shown.
const ScoreHistogram = lazy(() => import('./ScoreHistogram').then((m) => ({ default: m.ScoreHistogram })));

type Attempts = 'first' | 'all';

const Figures = styled('table', {
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: '$2',
  '& th, & td': { padding: '$2', borderBottom: '1px solid $borderSubtle', textAlign: 'left', verticalAlign: 'top' },
  '& .number': { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
  '& thead th': { borderBottom: '2px solid $border' },
});

const Summary = styled('dl', {
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  columnGap: '$4',
  rowGap: '$1',
  margin: 0,
  '& dt': { fontWeight: '$bold' },
  '& dd': { margin: 0 },
});

const FlagList = styled('ul', { margin: 0, paddingLeft: '$4' });
const ItemCard = styled('section', { padding: '$4', border: '1px solid $borderSubtle', borderRadius: '$md' });
const ShareList = styled('ul', { margin: '$2 0 0', paddingLeft: '$5' });
/** A long question cut to one line; hovering or focusing it (it takes the focus) shows it whole. */
const Clip = styled('div', {
  maxWidth: '40ch',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  '&:hover, &:focus-visible': { whiteSpace: 'normal', overflow: 'visible' },
  '&:focus-visible': { outline: 'none', boxShadow: '$focus' },
});

/** The flags of a question in words ("Hard", "Negative discrimination: check the key"); none: "None". */
function flagWords(item: Pick<KcItemAnalysisItem, 'flags'>): string[] {
  return item.flags.map((flag) => FLAG_WORDS[flag]);
}

function ItemsTable({ items }: { items: KcItemAnalysisItem[] }) {
  return (
    <Figures aria-label="Figures per question">
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">Question</th>
          <th scope="col">Version</th>
          <th scope="col" className="number">
            Drawn
          </th>
          <th scope="col" className="number">
            Facility
          </th>
          <th scope="col" className="number">
            Discrimination (D)
          </th>
          <th scope="col" className="number">
            Point-biserial
          </th>
          <th scope="col">Flags</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => {
          const words = flagWords(item);
          return (
            <tr key={item.version_id}>
              <td>{item.order}</td>
              <th scope="row">
                <Clip title={plainText(item.text)} tabIndex={0}>
                  {plainText(item.text)}
                </Clip>
              </th>
              {/* Its own column: two versions of an edited question read alike, and a cut text would hide which is which. */}
              <td>{`${item.version}${item.archived ? ' (archived)' : ''}`}</td>
              <td className="number">{item.drawn}</td>
              <td className="number">{formatFigure(item.facility)}</td>
              <td className="number">{formatFigure(item.discrimination)}</td>
              <td className="number">{formatFigure(item.point_biserial)}</td>
              <td>
                {words.length ? (
                  <FlagList>
                    {words.map((word) => (
                      <li key={word}>{word}</li>
                    ))}
                  </FlagList>
                ) : (
                  'None'
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </Figures>
  );
}

function ChoiceShares({ item }: { item: KcItemAnalysisItem }) {
  return (
    <ItemCard aria-labelledby={`item-${item.version_id}`}>
      <Heading level={3} id={`item-${item.version_id}`}>{`Question ${item.order} (version ${item.version})`}</Heading>
      <Markdown text={item.text} />
      <ShareList aria-label={`Choices of question ${item.order}`}>
        {item.choices.map((choice) => (
          <li key={choice.id}>
            {choice.is_answer ? <strong>{choice.label}</strong> : choice.label}
            {choice.is_answer ? ' (correct answer)' : ''}: {formatShare(choice.share)} chose it
          </li>
        ))}
      </ShareList>
    </ItemCard>
  );
}

function ItemAnalysisView({ analysis }: { analysis: KcItemAnalysis }) {
  return (
    <Stack>
      <Summary>
        <dt>Responses</dt>
        <dd>{analysis.responses}</dd>
        <dt>Mean score</dt>
        <dd>{formatScore(analysis.mean_score)}</dd>
        <dt>KR-20</dt>
        <dd>{analysis.kr20 === null ? 'Not computed: the responses did not all draw the whole bank.' : formatFigure(analysis.kr20)}</dd>
      </Summary>
      {analysis.responses === 0 ? (
        <Text>No completed knowledge checks found...</Text>
      ) : (
        <>
          <Suspense fallback={<Text role="status">Loading the chart...</Text>}>
            <ScoreHistogram bins={analysis.score_histogram} />
          </Suspense>
          <Heading level={2}>Questions</Heading>
          <Text tone="muted">
            Facility: the share answering correctly. D: upper minus lower group facility. Point-biserial: how the question agrees with the rest of the score.
          </Text>
          <ItemsTable items={analysis.items} />
          <Heading level={2}>Choices</Heading>
          {analysis.items.map((item) => (
            <ChoiceShares key={item.version_id} item={item} />
          ))}
        </>
      )}
    </Stack>
  );
}

/** /:organization/admin/reports/knowledgecheck/analysis/:id: which question of a check to fix (our addition). */
export function ItemAnalysisPage() {
  usePageTitle(kcReportTexts.analysisTitle);
  const { organization } = useOrganization();
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const attempts: Attempts = params.get('attempts') === 'all' ? 'all' : 'first';
  const analysis = useQuery({
    queryKey: ['kc-reports', organization.id, 'analysis', id, attempts],
    queryFn: async () => unwrap(await getItemAnalysis(organization.id, id, attempts)),
  });
  const name = useQuery({ queryKey: ['knowledge-checks', organization.id, id, 'name'], queryFn: async () => unwrap(await getCheckName(organization.id, id)) });
  const title = name.data !== undefined ? `${kcReportTexts.analysisTitle}: ${name.data}` : kcReportTexts.analysisTitle;
  return (
    <Stack>
      <AppLink to={kcReportPaths.report(organization.slug)}>Back to the Knowledge Check Report</AppLink>
      <Heading level={1}>{title}</Heading>
      <RadioGroup
        label="Attempts counted"
        name="attempts"
        value={attempts}
        onChange={(value) => setParams(value === 'all' ? { attempts: 'all' } : {}, { replace: true, preventScrollReset: true })}
        options={[
          { id: 'first', label: 'First attempts' },
          { id: 'all', label: 'All attempts' },
        ]}
      />
      <Row>
        <DownloadCsvButton download={() => downloadItemAnalysisCsv(organization.id, id, attempts)} />
      </Row>
      <ReadState query={analysis}>{(shown) => <ItemAnalysisView analysis={shown} />}</ReadState>
    </Stack>
  );
}
