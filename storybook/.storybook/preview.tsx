import type { Preview } from '@storybook/react-vite';
import { adoptTesseraStyles } from '@tessera/widgets/theme';

// Stories render the widgets and the portal's UI outside shadow roots: the theme's rules go to the document.
adoptTesseraStyles(document);

const preview: Preview = {
  parameters: {
    layout: 'centered',
    controls: { expanded: true },
  },
};

export default preview;
