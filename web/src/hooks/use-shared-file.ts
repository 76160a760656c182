import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { SHARED_PARAM, takeSharedFile } from '../lib/shared-file';

/** On /upload?shared=1: the video shared to the installed app ('loading' until it is read). */
export function useSharedFile(): File | null | 'loading' {
  const [params] = useSearchParams();
  const shared = params.get(SHARED_PARAM) === '1';
  const [file, setFile] = useState<File | null | 'loading'>(shared ? 'loading' : null);
  useEffect(() => {
    if (!shared) return undefined;
    let live = true;
    void takeSharedFile().then((found) => live && setFile(found));
    return () => {
      live = false;
    };
  }, [shared]);
  return file;
}
