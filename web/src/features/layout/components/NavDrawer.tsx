import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { Sidebar } from './Sidebar';

/** The sidebar as a drawer below 768px (loaded only there). */
export function NavDrawer({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        hideClose
        className="left-0 top-0 h-full max-h-none w-auto max-w-none translate-x-0 translate-y-0 gap-0 overflow-visible rounded-none border-0 p-0 data-[state=open]:animate-fade-in"
      >
        <DialogTitle className="sr-only">Navigation</DialogTitle>
        <DialogDescription className="sr-only">Go to another part of Reelsmith.</DialogDescription>
        <Sidebar onNavigate={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
