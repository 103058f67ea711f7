import { PencilLine } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Page } from '../../components/layouts/page';
import { paths } from '../../config/paths';
import { EditPasteScreen } from '../../features/paste-editor';

export function PasteEditPage() {
  const { id = '' } = useParams();
  return (
    <Page
      icon={PencilLine}
      title="Edit Paste"
      description={
        <>
          Saving adds a new revision; every earlier one keeps its own link.{' '}
          <Link to={paths.paste(id)} className="text-primary underline underline-offset-4">
            Back to the paste
          </Link>
        </>
      }
      width="wide"
    >
      <EditPasteScreen key={id} id={id} />
    </Page>
  );
}
