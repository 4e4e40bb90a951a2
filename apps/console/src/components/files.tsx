import { Flex, Image, Typography } from 'antd';
import { lookup, t } from '../i18n';
import styles from './files.module.css';

export interface FileLink {
  role: string;
  url: string;
  mime: string;
}

function roleLabel(role: string): string {
  return lookup('customer.fileRole', role) ?? role;
}

/** "PDF" for application/pdf, otherwise the subtype in capitals. */
function fileKind(mime: string): string {
  return (mime.split('/')[1] ?? mime).split(/[+;]/)[0]?.toUpperCase() ?? mime;
}

/**
 * Uploaded documents: images inline (click to enlarge, arrows between them), anything else
 * (PDFs) as a link that opens in a new tab. The links are signed and expire.
 */
export function FileGallery({
  files,
  width = 220,
  height = 150,
}: {
  files: FileLink[];
  width?: number;
  height?: number;
}) {
  const images = files.filter((file) => file.mime.startsWith('image/'));
  const others = files.filter((file) => !file.mime.startsWith('image/'));
  if (files.length === 0) return <Typography.Text type="secondary">{t('customer.noDocuments')}</Typography.Text>;
  return (
    <Flex gap={16} wrap align="flex-start">
      <Image.PreviewGroup>
        {images.map((file) => (
          <figure key={file.url} className={styles.flush}>
            <Image
              src={file.url}
              alt={roleLabel(file.role)}
              width={width}
              height={height}
              className={styles.thumbnail}
            />
            <figcaption className={styles.caption}>
              <Typography.Text type="secondary">{roleLabel(file.role)}</Typography.Text>
            </figcaption>
          </figure>
        ))}
      </Image.PreviewGroup>
      {others.map((file) => (
        // PDFs and other documents: a tile the size of an image that opens the file in a new tab.
        <figure key={file.url} className={styles.flush}>
          <a
            href={file.url}
            target="_blank"
            rel="noreferrer"
            className={styles.documentTile}
            // The tile takes the size of the image thumbnails beside it (the caller's width and height).
            // biome-ignore lint/nursery/noInlineStyles: a size given as a prop, not a style of the console
            style={{ width, height }}
          >
            <Typography.Text strong className={styles.textXl}>
              {fileKind(file.mime)}
            </Typography.Text>
            <span>{t('customer.openInNewTab')}</span>
          </a>
          <figcaption className={styles.caption}>
            <Typography.Text type="secondary">{roleLabel(file.role)}</Typography.Text>
          </figcaption>
        </figure>
      ))}
    </Flex>
  );
}
