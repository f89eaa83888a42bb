// The rich-text editor of a post (Mantine's tiptap editor). What it writes travels in a hidden
// field «content»; the server keeps only its allow-list of tags, so this is a convenience, not a guard.
import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { Link, RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useState } from 'react';

const LABELS: Partial<RichTextEditorLabels> = {
  boldControlLabel: 'Negrita',
  italicControlLabel: 'Cursiva',
  underlineControlLabel: 'Subrayado',
  strikeControlLabel: 'Tachado',
  clearFormattingControlLabel: 'Quitar formato',
  linkControlLabel: 'Enlace',
  unlinkControlLabel: 'Quitar enlace',
  bulletListControlLabel: 'Lista con viñetas',
  orderedListControlLabel: 'Lista numerada',
  h2ControlLabel: 'Encabezado',
  h3ControlLabel: 'Encabezado menor',
  blockquoteControlLabel: 'Cita',
  hrControlLabel: 'Línea divisoria',
  undoControlLabel: 'Deshacer',
  redoControlLabel: 'Rehacer',
  linkEditorInputLabel: 'Dirección del enlace',
  linkEditorInputPlaceholder: 'https://…',
  linkEditorExternalLink: 'Abrir en otra pestaña',
  linkEditorInternalLink: 'Abrir en la misma pestaña',
  linkEditorSave: 'Guardar',
};

export function EditorTexto({
  name,
  initial,
  error,
  ariaLabel = 'Contenido de la publicación',
}: {
  name: string;
  initial: string;
  error?: string;
  /** What a screen reader calls the editing area (the newsletter's campaigns reuse this editor). */
  ariaLabel?: string;
}) {
  const [html, setHtml] = useState(initial);
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false, heading: { levels: [2, 3] } }), Link],
    content: initial,
    // Rendered on the server first: the editor appears once the page has hydrated.
    immediatelyRender: false,
    onUpdate: ({ editor: current }) => setHtml(current.getHTML()),
    editorProps: { attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-label': ariaLabel } },
  });
  return (
    <Input.Wrapper label="Contenido" required error={error} id="contenido-editor">
      <input type="hidden" name={name} value={html} />
      <RichTextEditor editor={editor} labels={LABELS} mih={260} data-testid="editor-contenido">
        <RichTextEditor.Toolbar sticky stickyOffset={0}>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.Blockquote />
            <RichTextEditor.Hr />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
