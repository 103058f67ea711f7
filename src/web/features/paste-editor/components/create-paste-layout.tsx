import type { ReactNode, RefObject } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';

/**
 * The create screen's grid. DOM order is the keyboard's: editor, options, then Create Paste (the
 * toolbar comes last and starts with it); the grid shows the toolbar on top, as the spec draws it.
 */
export function CreatePasteLayout({
  formRef,
  editor,
  options,
  toolbar,
  children,
}: {
  formRef: RefObject<HTMLDivElement | null>;
  editor: ReactNode;
  options: ReactNode;
  toolbar: ReactNode;
  /** Dialogs of the screen. */
  children?: ReactNode;
}) {
  return (
    <div
      ref={formRef}
      className="grid gap-x-6 gap-y-4 lg:grid-cols-[minmax(0,1fr)_20rem] lg:grid-rows-[auto_1fr]"
    >
      <Card className="lg:col-start-1 lg:row-start-2">
        <CardContent className="space-y-4 pt-6">{editor}</CardContent>
      </Card>
      <Card className="h-fit lg:col-start-2 lg:row-span-2 lg:row-start-1">
        <CardHeader>
          <CardTitle>Options</CardTitle>
        </CardHeader>
        <CardContent>{options}</CardContent>
      </Card>
      <div className="order-first lg:order-none lg:col-start-1 lg:row-start-1">{toolbar}</div>
      {children}
    </div>
  );
}
