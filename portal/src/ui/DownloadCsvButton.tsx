import { Button } from '@tessera/widgets/ui';
import { useState } from 'react';

export interface DownloadCsvButtonProps {
  /** Fetches and saves the CSV (`downloadAttachment`); its failures are routed as every call's are. */
  download(): Promise<unknown>;
}

/**
 * "Download CSV" beside a report or a list (ARCHITECTURE.md#csv-downloads): the same rows as the screen, with its
 * current filters, search and sort, every row rather than the page. A react-aria button (Enter and Space, a visible
 * focus ring), pending while the file comes: it keeps its name and focus, and ignores presses meanwhile.
 */
export function DownloadCsvButton({ download }: DownloadCsvButtonProps) {
  const [pending, setPending] = useState(false);
  const press = async () => {
    setPending(true);
    try {
      await download();
    } finally {
      setPending(false);
    }
  };
  return (
    <Button variant="secondary" isPending={pending} onPress={() => void press()}>
      Download CSV
    </Button>
  );
}
