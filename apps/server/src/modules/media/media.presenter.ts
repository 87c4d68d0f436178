export { mediaFilePath, mediaObjectPath, mediaThumbPath, presentMedia, type MediaRow } from '../../views/media.view';
