export { mediaFilePath, mediaThumbPath, presentMedia, type MediaRow } from '../../views/media.view';
