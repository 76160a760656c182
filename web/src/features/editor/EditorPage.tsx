import { PageHeader } from '../../components/layout/PageHeader';
import { MusicLibraryPanel } from '../music';
import { EditorWorkspace } from './components/EditorWorkspace';
import { RecentEdits } from './components/RecentEdits';

/** /editor: the editor with Recent Edits on the left; the right-hand column holds the music library. */
export function EditorPage() {
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader title="Video Editor" description="Trim a processed video, set it to music and choose the quality and format to export." />
      <div className="grid grid-cols-1 items-start gap-6 xl:grid-cols-[minmax(0,1fr)_360px]">
        <div className="grid min-w-0 gap-6">
          <EditorWorkspace />
          <RecentEdits />
        </div>
        <aside aria-label="Music" className="grid min-w-0 grid-cols-[minmax(0,1fr)] content-start gap-6" data-testid="editor-side-column">
          <MusicLibraryPanel />
        </aside>
      </div>
    </div>
  );
}
