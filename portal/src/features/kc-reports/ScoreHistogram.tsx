import { styled } from '@tessera/widgets/stitches';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { VisuallyHidden } from '../../ui/VisuallyHidden';

export interface HistogramBin {
  from: number;
  to: number;
  count: number;
}

const Figure = styled('figure', { margin: 0, display: 'flex', flexDirection: 'column', gap: '$2' });
const Caption = styled('figcaption', { fontWeight: '$bold' });
const BinTable = styled('table', {
  borderCollapse: 'collapse',
  fontSize: '$2',
  '& th, & td': { padding: '$1 $2', border: '1px solid $borderSubtle', textAlign: 'right' },
});

/** A bin's label: "0–10", the last bin closed ("90–100"). */
const binLabel = (bin: HistogramBin) => `${bin.from}–${bin.to}`;

/**
 * The scores' histogram, drawn by uPlot (bars, one per bin of 10 points). The canvas is decoration: the same bins are
 * a table below it (its text alternative), shown to everyone.
 */
export function ScoreHistogram({ bins }: { bins: HistogramBin[] }) {
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = holder.current;
    if (!element || bins.length === 0) return;
    const width = Math.max(280, Math.min(640, element.clientWidth || 640));
    const options: uPlot.Options = {
      width,
      height: 220,
      legend: { show: false },
      cursor: { show: false },
      scales: { x: { time: false, range: [0, 100] }, y: { range: (_self, _min, max) => [0, Math.max(1, max)] } },
      axes: [
        { label: 'Score', values: (_self, ticks) => ticks.map((tick) => String(tick)) },
        { label: 'Responses', values: (_self, ticks) => ticks.map((tick) => (Number.isInteger(tick) ? String(tick) : '')) },
      ],
      series: [
        {},
        {
          label: 'Responses',
          fill: 'rgba(37, 99, 235, 0.55)',
          stroke: 'rgb(29, 78, 216)',
          paths: uPlot.paths.bars?.({ size: [0.9, 80], align: 0 }),
          points: { show: false },
        },
      ],
    };
    const data: uPlot.AlignedData = [bins.map((bin) => (bin.from + bin.to) / 2), bins.map((bin) => bin.count)];
    const chart = new uPlot(options, data, element);
    return () => chart.destroy();
  }, [bins]);

  return (
    <Figure>
      <Caption>Scores of the responses</Caption>
      <div ref={holder} aria-hidden="true" data-testid="score-histogram" />
      <BinTable>
        <caption>
          <VisuallyHidden>Responses per score band</VisuallyHidden>
        </caption>
        <thead>
          <tr>
            <th scope="row">Score</th>
            {bins.map((bin) => (
              <th key={bin.from} scope="col">
                {binLabel(bin)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Responses</th>
            {bins.map((bin) => (
              <td key={bin.from}>{bin.count}</td>
            ))}
          </tr>
        </tbody>
      </BinTable>
    </Figure>
  );
}
