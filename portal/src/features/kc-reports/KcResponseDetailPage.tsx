import { Markdown } from '@tessera/widgets';
import { styled } from '@tessera/widgets/stitches';
import { Heading } from '@tessera/widgets/ui';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { formatDate } from '../../lib/dates';
import { usePageTitle } from '../../lib/usePageTitle';
import { unwrap } from '../../api/queries';
import { AppLink } from '../../ui/AppLink';
import { DownloadCsvButton } from '../../ui/DownloadCsvButton';
import { Row, Stack, Text } from '../../ui/Page';
import { ReadState } from '../../ui/ReadState';
import { useOrganization } from '../organization/organizationContext';
import { downloadResponseCsv, getResponseDetail, type KcReportQuestion, type KcReportResponse } from './kcReportCalls';
import { formatScore, kcReportPaths, kcReportTexts } from './kcReportTexts';

const Facts = styled('dl', {
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  columnGap: '$4',
  rowGap: '$2',
  margin: 0,
  '& dt': { fontWeight: '$bold' },
  '& dd': { margin: 0 },
});

const Questions = styled('ol', { display: 'flex', flexDirection: 'column', gap: '$4', margin: 0, padding: 0, listStyle: 'none' });

const QuestionCard = styled('li', {
  padding: '$4',
  border: '1px solid $borderSubtle',
  borderLeftWidth: '4px',
  borderRadius: '$md',
  variants: { correct: { true: { borderLeftColor: '$success' }, false: { borderLeftColor: '$danger' } } },
});

const Mark = styled('strong', {
  variants: { correct: { true: { color: '$success' }, false: { color: '$danger' } } },
});

const Choices = styled('ul', { margin: '$3 0 0', paddingLeft: '$5', display: 'flex', flexDirection: 'column', gap: '$1' });

const Note = styled('span', { color: '$textMuted', fontSize: '$2' });

function ChoiceLine({ label, isAnswer, chosen }: { label: string; isAnswer: boolean; chosen: boolean }) {
  const notes = [isAnswer ? 'correct answer' : null, chosen ? "learner's choice" : null].filter(Boolean).join(', ');
  return (
    <li>
      {chosen ? <strong>{label}</strong> : label}
      {notes ? <Note>{` (${notes})`}</Note> : null}
    </li>
  );
}

function QuestionResult({ question, number }: { question: KcReportQuestion; number: number }) {
  const correct = question.is_correct;
  return (
    <QuestionCard correct={correct}>
      <Heading level={3}>
        {`Question ${number}: `}
        <Mark correct={correct}>{correct ? '✓ Correct' : '✗ Incorrect'}</Mark>
      </Heading>
      <Markdown text={question.text} />
      <Choices aria-label={`Choices of question ${number}`}>
        {[...question.choices]
          .sort((a, b) => a.order - b.order)
          .map((choice) => (
            <ChoiceLine key={choice.id} label={choice.label} isAnswer={choice.is_answer} chosen={choice.chosen} />
          ))}
      </Choices>
      {question.choice_ids.length === 0 ? <Text tone="muted">This question was not answered.</Text> : null}
    </QuestionCard>
  );
}

function ResponseDetail({ detail, organization, tenantId }: { detail: KcReportResponse; organization: string; tenantId: string }) {
  const questions = [...detail.questions].sort((a, b) => a.order - b.order);
  return (
    <Stack>
      <Facts>
        <dt>Completed By</dt>
        <dd>{detail.user_name ? `${detail.user_name} (${detail.user_email})` : detail.user_email}</dd>
        <dt>Module</dt>
        <dd>{detail.module_name}</dd>
        <dt>Completed On</dt>
        <dd>{formatDate(detail.completed_date_time)}</dd>
        <dt>Score</dt>
        <dd>{formatScore(detail.score)}</dd>
        <dt>Component</dt>
        <dd>{detail.component_name}</dd>
        {detail.topic_name ? (
          <>
            <dt>Topic</dt>
            <dd>{detail.topic_name}</dd>
          </>
        ) : null}
      </Facts>
      <Row>
        <AppLink to={kcReportPaths.analysis(organization, detail.knowledge_check.id)}>Item analysis of this knowledge check</AppLink>
        <DownloadCsvButton download={() => downloadResponseCsv(tenantId, detail.id)} />
      </Row>
      <Heading level={2}>Questions</Heading>
      <Questions>
        {questions.map((question, index) => (
          <QuestionResult key={question.id} question={question} number={index + 1} />
        ))}
      </Questions>
    </Stack>
  );
}

/** /:organization/admin/reports/knowledgecheck/:responseId (spec 2, "Admin response detail"). */
export function KcResponseDetailPage() {
  usePageTitle(kcReportTexts.detailTitle);
  const { organization } = useOrganization();
  const { responseId = '' } = useParams();
  const query = useQuery({
    queryKey: ['kc-reports', organization.id, 'response', responseId],
    queryFn: async () => unwrap(await getResponseDetail(organization.id, responseId)),
  });
  const detail = query.data ?? null;
  return (
    <Stack>
      <AppLink to={kcReportPaths.report(organization.slug)}>Back to the Knowledge Check Report</AppLink>
      <Heading level={1}>{detail ? `${kcReportTexts.detailTitle}: ${detail.knowledge_check.name}` : kcReportTexts.detailTitle}</Heading>
      <ReadState query={query}>{(loaded) => <ResponseDetail detail={loaded} organization={organization.slug} tenantId={organization.id} />}</ReadState>
    </Stack>
  );
}
