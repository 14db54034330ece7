import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { arcsOf, CIRCUMFERENCE, describeSlices, DoughnutChart, type DoughnutSlice } from './DoughnutChart';

const SLICES: DoughnutSlice[] = [
  { label: 'Active', value: 6, color: '#15803d' },
  { label: 'Inactive', value: 3, color: '#b91c1c' },
  { label: 'Archived', value: 1, color: '#6b7280' },
];

function dashOf(element: Element) {
  const [length, gap] = (element.getAttribute('stroke-dasharray') ?? '').split(' ').map(Number);
  return { length, gap, offset: Number(element.getAttribute('stroke-dashoffset')) };
}

describe('arcsOf', () => {
  it('gives each slice an arc proportional to its value, one after the other', () => {
    const arcs = arcsOf(SLICES, 100);
    expect(arcs.map((arc) => [arc.slice.label, arc.length, arc.offset])).toEqual([
      ['Active', 60, 0],
      ['Inactive', 30, 60],
      ['Archived', 10, 90],
    ]);
  });

  it('draws nothing for empty slices or an empty total', () => {
    expect(arcsOf([{ ...SLICES[0], value: 0 }, SLICES[1]], 100).map((arc) => [arc.slice.label, arc.length])).toEqual([['Inactive', 100]]);
    expect(arcsOf(SLICES.map((slice) => ({ ...slice, value: 0 })))).toEqual([]);
  });
});

describe('DoughnutChart', () => {
  it('is an image named by its title and described by its values', () => {
    render(<DoughnutChart title="Modules" slices={SLICES} />);
    const image = screen.getByRole('img', { name: 'Modules' });
    const description = document.getElementById(image.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe('10 in total: 6 active, 3 inactive, 1 archived');
    expect(describeSlices(SLICES, 10)).toBe(description?.textContent);
  });

  it('draws arcs proportional to the values in the slices colours', () => {
    const { container } = render(<DoughnutChart title="Modules" slices={SLICES} />);
    const arcs = [...container.querySelectorAll('circle[data-slice]')];
    expect(arcs.map((arc) => arc.getAttribute('data-slice'))).toEqual(['Active', 'Inactive', 'Archived']);
    expect(arcs.map((arc) => arc.getAttribute('stroke'))).toEqual(['#15803d', '#b91c1c', '#6b7280']);
    const [active, inactive, archived] = arcs.map(dashOf);
    expect(active.length / CIRCUMFERENCE).toBeCloseTo(0.6);
    expect(inactive.length / CIRCUMFERENCE).toBeCloseTo(0.3);
    expect(archived.length / CIRCUMFERENCE).toBeCloseTo(0.1);
    expect(active.length + active.gap).toBeCloseTo(CIRCUMFERENCE);
    // Each arc starts where the previous one ended.
    expect(-inactive.offset).toBeCloseTo(active.length);
    expect(-archived.offset).toBeCloseTo(active.length + inactive.length);
  });

  it('shows the values and the total in a table', () => {
    render(<DoughnutChart title="Media" slices={SLICES} note="10 files, 2 MB in total" />);
    const table = screen.getByRole('table', { name: 'Media values' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual(['Active6', 'Inactive3', 'Archived1', 'Total10']);
    expect(screen.getByText('10 files, 2 MB in total')).toBeTruthy();
  });

  it('an empty chart says it counts nothing and draws no arc', () => {
    const { container } = render(<DoughnutChart title="Topics" slices={SLICES.map((slice) => ({ ...slice, value: 0 }))} />);
    expect(container.querySelectorAll('circle[data-slice]')).toHaveLength(0);
    expect(screen.getByRole('img', { name: 'Topics' }).querySelector('desc')?.textContent).toBe('0 in total: 0 active, 0 inactive, 0 archived');
  });
});
