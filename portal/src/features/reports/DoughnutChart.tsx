import { Heading } from '@tessera/widgets/ui';
import { styled } from '@tessera/widgets/stitches';
import { useId } from 'react';

export interface DoughnutSlice {
  label: string;
  value: number;
  /** A colour with at least 3:1 contrast on white (WCAG 1.4.11); the values table carries the meaning too. */
  color: string;
}

/** The geometry of the ring: a circle whose stroke is the doughnut. */
const SIZE = 160;
const STROKE = 28;
const RADIUS = (SIZE - STROKE) / 2;
export const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

export interface Arc {
  slice: DoughnutSlice;
  /** The arc's length along the circle, proportional to its share of the total. */
  length: number;
  /** Where along the circle it starts (0 is twelve o'clock, clockwise). */
  offset: number;
}

/** Each slice's arc: lengths proportional to the values, one after the other; empty slices draw nothing. */
export function arcsOf(slices: DoughnutSlice[], circumference = CIRCUMFERENCE): Arc[] {
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  if (total <= 0) return [];
  let offset = 0;
  return slices
    .filter((slice) => slice.value > 0)
    .map((slice) => {
      const length = (slice.value / total) * circumference;
      const arc = { slice, length, offset };
      offset += length;
      return arc;
    });
}

/** The chart's text alternative: "12 in total: 8 active, 3 inactive, 1 archived". */
export function describeSlices(slices: DoughnutSlice[], total: number): string {
  return `${total} in total: ${slices.map((slice) => `${slice.value} ${slice.label.toLowerCase()}`).join(', ')}`;
}

const Figure = styled('figure', {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: '$3',
  margin: 0,
  padding: '$4',
  border: '1px solid $borderSubtle',
  borderRadius: '$lg',
  backgroundColor: '$surface',
});

const Svg = styled('svg', { width: `${SIZE}px`, height: `${SIZE}px`, overflow: 'visible' });

const CenterTotal = styled('text', { fontFamily: '$body', fontSize: '28px', fontWeight: '$bold', fill: '$text' });

const Values = styled('table', {
  borderCollapse: 'collapse',
  fontSize: '$2',
  '& th, & td': { padding: '2px $2', textAlign: 'left' },
  '& td': { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
  '& tfoot th, & tfoot td': { borderTop: '1px solid $borderSubtle', fontWeight: '$bold' },
});

const Swatch = styled('span', { display: 'inline-block', width: '12px', height: '12px', marginRight: '$2', borderRadius: '2px', verticalAlign: 'middle' });

const Extra = styled('p', { margin: 0, fontSize: '$2', color: '$textMuted' });

export interface DoughnutChartProps {
  /** The chart's heading and the name of its image ("Modules"). */
  title: string;
  slices: DoughnutSlice[];
  /** A line under the table (the media library's total size). */
  note?: string;
}

/**
 * A doughnut chart drawn as SVG (uPlot draws no doughnuts): the ring is an image named by the title
 * and described by its values, and the same values are a visible table (colour is never the only cue).
 */
export function DoughnutChart({ title, slices, note }: DoughnutChartProps) {
  const id = useId();
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  const center = SIZE / 2;
  return (
    <Figure aria-labelledby={`${id}-heading`}>
      <Heading level={2} size="small" id={`${id}-heading`}>
        {title}
      </Heading>
      <Svg viewBox={`0 0 ${SIZE} ${SIZE}`} role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-desc`}>
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{describeSlices(slices, total)}</desc>
        {/* The empty ring: all of it when there is nothing to count. */}
        <circle cx={center} cy={center} r={RADIUS} fill="none" stroke="#e5e7eb" strokeWidth={STROKE} />
        <g transform={`rotate(-90 ${center} ${center})`}>
          {arcsOf(slices).map((arc) => (
            <circle
              key={arc.slice.label}
              data-slice={arc.slice.label}
              cx={center}
              cy={center}
              r={RADIUS}
              fill="none"
              stroke={arc.slice.color}
              strokeWidth={STROKE}
              strokeDasharray={`${arc.length} ${CIRCUMFERENCE - arc.length}`}
              strokeDashoffset={-arc.offset}
            />
          ))}
        </g>
        <CenterTotal x={center} y={center} textAnchor="middle" dominantBaseline="central" aria-hidden="true">
          {total}
        </CenterTotal>
      </Svg>
      <Values aria-label={`${title} values`}>
        <tbody>
          {slices.map((slice) => (
            <tr key={slice.label}>
              <th scope="row">
                <Swatch aria-hidden="true" style={{ backgroundColor: slice.color }} />
                {slice.label}
              </th>
              <td>{slice.value}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td>{total}</td>
          </tr>
        </tfoot>
      </Values>
      {note ? <Extra>{note}</Extra> : null}
    </Figure>
  );
}
