import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { downloadMyData } from '../api/export-my-data';
import { SettingsCard } from './settings-card';

export function DataExportCard() {
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadMyData();
    } catch (error) {
      toast.error('Download failed', { description: errorMessage(error) });
    } finally {
      setDownloading(false);
    }
  };
  return (
    <SettingsCard
      title="Your data"
      lead="A copy of your profile, your sessions and the reviews you wrote, as a JSON file."
    >
      <Button variant="secondary" onClick={() => void download()} disabled={downloading}>
        {downloading ? 'Preparing download...' : 'Download my data'}
      </Button>
    </SettingsCard>
  );
}
