/** The editor's 'Preview on your phone': the Preview instructions modal for the merchant's own app. */
import LiveTestDialog, { type LiveTestDialogProps } from '@/features/preview/components/LiveTestDialog';

export default function PreviewInstructionsDialog(props: Omit<LiveTestDialogProps, 'title'>) {
  return <LiveTestDialog {...props} title="Preview on your phone" />;
}
