import { styled } from '@tessera/widgets/stitches';

/** A short status label next to a name (role, suspended...). */
export const Badge = styled('span', {
  display: 'inline-block',
  padding: '0 $2',
  borderRadius: '$round',
  fontSize: '$1',
  fontWeight: '$medium',
  lineHeight: '1.6',
  variants: {
    tone: {
      neutral: { backgroundColor: '$secondary', color: '$secondaryText' },
      info: { backgroundColor: '$infoSurface', color: '$info' },
      bad: { backgroundColor: '$dangerSurface', color: '$danger' },
    },
  },
  defaultVariants: { tone: 'neutral' },
});
